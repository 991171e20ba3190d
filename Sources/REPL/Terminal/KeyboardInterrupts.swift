import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// The signals a person sends from the keyboard, turned into wake-ups of the line editor.
///
/// Ctrl-C never kills the REPL. With the terminal's ISIG on (so Ctrl-Z still suspends), Ctrl-C
/// arrives as SIGINT: `InterruptWake`'s handler counts it and wakes the editor, which turns it into
/// the `^C` key and so into `LineEditor.interruptLine` (clear the line, fresh prompt). A Ctrl-C
/// while a command runs is dropped when the next prompt starts.
///
/// After Ctrl-Z and `fg`, SIGCONT wakes the editor to draw the prompt and the line again, as
/// libedit's own reader would. While libedit edits (EL_SIGNAL), its handlers run first and then
/// pass each signal on to these.
enum KeyboardInterrupts {
    /// Installs the handlers, waking `wake` on each signal. No SA_RESTART: the editor's
    /// `poll(2)` returns at once to redraw.
    static func install(wake: WakePipe) {
        InterruptWake.install(SIGINT, wake: .pipe(wake.writeEnd), restartCalls: false)
        InterruptWake.install(SIGCONT, wake: .pipe(wake.writeEnd), restartCalls: false)
    }

    /// Whether a SIGINT arrived since the last call.
    static func takeInterrupt() -> Bool {
        InterruptWake.take(SIGINT) > 0
    }

    /// Whether the process was continued (after a stop) since the last call.
    static func takeContinued() -> Bool {
        InterruptWake.take(SIGCONT) > 0
    }
}
