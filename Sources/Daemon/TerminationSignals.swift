import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP, turned into something the reader thread can wait on.
///
/// `SignalWake`'s handler writes a byte into a self-pipe that the reader polls beside stdin,
/// so the reader stops *between* reads: every byte it has consumed has been handed to the
/// executor, and is answered before exit. A second signal while the daemon is still finishing
/// exits at once from the handler itself, with one line on stderr (status 1): a client that
/// neither reads nor lets the daemon finish must not keep it alive. A signal that was ignored
/// when the process started (`nohup`, a shell's background job) stays ignored.
final class TerminationSignals: Sendable {
    /// The signals that end the daemon gracefully.
    static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Readable once a signal arrived: the reader's `interruptedBy` descriptor.
    let readEnd: FileDescriptor
    private let writeEnd: FileDescriptor

    /// Installs the handlers.
    init() throws(Errno) {
        (readEnd, writeEnd) = try FileDescriptor.pipe()
        // The handler never blocks: a full pipe already means "woken".
        try writeEnd.setNonBlocking(true)
        for number in Self.handled where !SignalWake.wasIgnoredAtStart(number) {
            let repeated = Outcome.interrupted(number)
            SignalWake.install(number, wake: writeEnd, onRepeat: .exit(status: repeated.exitStatus, message: repeated.diagnostic ?? ""))
        }
    }

    /// Wakes the reader as a signal would, without one: the server finished on the executor
    /// (`shutdown`, a failed write) while the reader may be waiting in `poll(2)`. A full pipe
    /// already means "woken", and the descriptor is non-blocking, so this never blocks.
    func wakeReader() {
        _ = withUnsafeBytes(of: UInt8(0)) { try? writeEnd.writeIfReady($0) }
    }

    /// The first handled signal that arrived (SIGTERM if the pipe woke for another reason).
    var first: Int32 {
        Self.handled.first { SignalWake.count($0) > 0 } ?? SIGTERM
    }
}
