import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP, turned into a stop of the reader's input.
///
/// The reader reads stdin through an ``InterruptibleInput``, which `InterruptWake`'s handler
/// stops: the reader stops *between* reads, so every byte it has consumed has been handed to
/// the executor, and is answered before exit. A second signal while the daemon is still
/// finishing exits at once from the handler itself, with one line on stderr (status 1): a
/// client that neither reads nor lets the daemon finish must not keep it alive. A signal that
/// was ignored when the process started (`nohup`, a shell's background job) stays ignored.
final class StopRequests: Sendable {
    /// The signals that end the daemon gracefully.
    static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// What the reader reads: the input given at creation, stopped by a signal.
    let input: InterruptibleInput

    /// Installs the handlers, which stop reading `input`. One per process: the handlers keep
    /// the input for the process's life.
    init(reading input: FileDescriptor) throws(Errno) {
        self.input = try InterruptibleInput(duplicating: input)
        for number in Self.handled where !InterruptWake.wasIgnoredAtStart(number) {
            let repeated = ServerOutcome.interrupted(number)
            InterruptWake.install(number, wake: .input(self.input), onRepeat: .exit(status: repeated.exitStatus, message: repeated.diagnostic ?? ""))
        }
    }

    /// Stops the reader as a signal would, without one: the server finished on the executor
    /// (`shutdown`, a failed write) while the reader may be blocked in `read(2)`.
    func wakeReader() {
        input.stop()
    }

    /// The first handled signal that arrived (SIGTERM if the reader was stopped otherwise).
    var first: Int32 {
        Self.handled.first { InterruptWake.count($0) > 0 } ?? SIGTERM
    }
}
