#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Set by the SIGINT handler, taken by the line editor.
private let interruptFlag = Atomic<Bool>(false)
/// Set by the SIGCONT handler (back from Ctrl-Z), taken by the line editor.
private let continueFlag = Atomic<Bool>(false)
/// The wake pipe's write end, for the handlers. Written once before they are installed, only
/// read afterwards.
nonisolated(unsafe) private var signalWakeDescriptor: Int32 = -1

/// The signals a person sends from the keyboard, turned into wake-ups of the line editor.
///
/// Ctrl-C never kills the REPL. With the terminal's ISIG on (so Ctrl-Z still suspends), Ctrl-C
/// arrives as SIGINT: the handler only sets a flag and wakes the editor, which turns it into the
/// `^C` key and so into `LineEditor.interruptLine` (clear the line, fresh prompt). A Ctrl-C
/// while a command runs is dropped when the next prompt starts.
///
/// After Ctrl-Z and `fg`, SIGCONT wakes the editor to draw the prompt and the line again, as
/// libedit's own reader would. While libedit edits (EL_SIGNAL), its handlers run first and then
/// pass each signal on to these.
enum TerminalSignals {
    /// Installs the handlers, waking `wake` on each signal.
    static func install(wake: WakePipe) {
        signalWakeDescriptor = wake.writeEnd
        install(SIGINT) { _ in
            // Async-signal-safe only: an atomic store and write(2); errno is preserved.
            let saved = errno
            interruptFlag.store(true, ordering: .releasing)
            var byte: UInt8 = 1
            _ = write(signalWakeDescriptor, &byte, 1)
            errno = saved
        }
        install(SIGCONT) { _ in
            let saved = errno
            continueFlag.store(true, ordering: .releasing)
            var byte: UInt8 = 1
            _ = write(signalWakeDescriptor, &byte, 1)
            errno = saved
        }
    }

    private static func install(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        // No SA_RESTART: poll(2) in the editor returns EINTR at once.
        action.sa_flags = 0
        sigaction(signal, &action, nil)
    }

    /// Whether a SIGINT arrived since the last call.
    static func takeInterrupt() -> Bool {
        interruptFlag.exchange(false, ordering: .acquiringAndReleasing)
    }

    /// Whether the process was continued (after a stop) since the last call.
    static func takeContinued() -> Bool {
        continueFlag.exchange(false, ordering: .acquiringAndReleasing)
    }
}
