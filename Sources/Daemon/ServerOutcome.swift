import SystemIO

/// Why the daemon stopped; the exit status and the diagnostic line follow from it.
public enum ServerOutcome: Equatable, Sendable {
    /// End of input or `shutdown`: everything owed was written. Exit status 0.
    case finished
    /// SIGTERM, SIGINT or SIGHUP: everything read before it was answered. Exit status 0.
    case signalled(Int32)
    /// The client closed its end of our output (EPIPE). Exit status 3.
    case outputClosed
    /// Reading stdin failed (a directory as stdin: EISDIR). Exit status 4.
    case readFailed(Errno)
    /// Writing stdout failed otherwise (a full disk: ENOSPC). Exit status 5.
    case writeFailed(Errno)
    /// A second signal arrived while the daemon was still finishing. Exit status 1.
    case interrupted(Int32)

    /// The process exit status for this outcome.
    public var exitStatus: Int32 {
        switch self {
        case .finished, .signalled: return 0
        case .interrupted: return 1
        case .outputClosed: return 3
        case .readFailed: return 4
        case .writeFailed: return 5
        }
    }

    /// The one line written to stderr for a non-zero exit (nil for status 0).
    public var diagnostic: String? {
        switch self {
        case .finished, .signalled:
            return nil
        case let .interrupted(signal):
            return "switchboard: a second \(ProcessIO.name(ofSignal: signal)) arrived while finishing; exiting at once with status 1 (output owed may be lost)"
        case .outputClosed:
            return "switchboard: stdout was closed by the client (EPIPE); exiting with status 3"
        case let .readFailed(error):
            return "switchboard: reading stdin failed: \(error); exiting with status 4"
        case let .writeFailed(error):
            return "switchboard: writing stdout failed: \(error); exiting with status 5"
        }
    }
}
