
#if canImport(Glibc)
import Glibc
#endif

/// Process-wide set-up of signals and standard descriptors: the calls a program makes once at
/// start, before any thread it creates could race them; and the processors it may use.
public enum ProcessIO {
    /// Makes sure descriptors 0, 1 and 2 are open, opening `/dev/null` on any that is closed.
    ///
    /// A parent may start us with stdout or stderr closed. Left so, the next file we open (a
    /// transcript, the data file) would get number 1 or 2 and receive protocol lines or logs.
    /// Returns the numbers that were closed, so the caller can report them.
    @discardableResult
    public static func occupyClosedStandardDescriptors() -> [Int32] {
        var reopened: [Int32] = []
        for standard in [FileDescriptor.standardInput, .standardOutput, .standardError] where !standard.isOpen {
            // open(2) returns the lowest free number: the closed standard one (or a lower one
            // that the next iteration fills). dup2 onto the wanted number makes it certain.
            guard let null = try? FileDescriptor.open("/dev/null", .readWrite) else { continue }
            if null != standard {
                try? null.duplicate(as: standard)
                try? null.close()
            } else {
                // open(2) set O_CLOEXEC; a standard descriptor must survive exec.
                _ = fcntl(standard.rawValue, F_SETFD, 0)
            }
            reopened.append(standard.rawValue)
        }
        return reopened
    }

    /// Ignores SIGPIPE for the whole process: a write to a closed pipe then fails with `EPIPE`
    /// (``Errno/brokenPipe``) instead of killing the process. Idempotent.
    public static func ignoreBrokenPipeSignal() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Sets `signal`'s disposition to "ignore" (a Dispatch signal source then still sees it).
    public static func ignore(signal number: Int32) {
        _ = signal(number, SIG_IGN)
    }

    /// Restores `signal`'s default disposition.
    public static func restoreDefault(signal number: Int32) {
        _ = signal(number, SIG_DFL)
    }

    /// This process's id.
    public static var processID: Int32 { getpid() }

    /// Ends the process with `status` after flushing stdio's buffers (what `print` wrote) and
    /// running `atexit` handlers.
    public static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }

    /// Ends the process at once with `status`, without running `atexit` handlers or flushing
    /// stdio (nothing of ours sits in a stdio buffer).
    public static func exitImmediately(_ status: Int32) -> Never {
        _exit(status)
    }
}

extension ProcessIO {
    /// `SIGTERM`, `SIGINT`, `SIGHUP`…, or `signal N`.
    public static func name(ofSignal number: Int32) -> String {
        switch number {
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        case SIGHUP: return "SIGHUP"
        case SIGQUIT: return "SIGQUIT"
        case SIGPIPE: return "SIGPIPE"
        default: return "signal \(number)"
        }
    }
}
