import SystemIO

/// Every line the REPL prints goes through the console, from any thread.
///
/// While the line editor waits for keys (`beginEditing` … `endEditing`), nobody but the editor
/// thread may write to the terminal: libedit believes it knows what is on the screen. Text that
/// arrives then (a simulated service answering, a timer) is queued and the editor is woken
/// through its `WakePipe`; the editor erases its line, prints the text and draws the prompt and
/// the half-typed line again (see `LineEditor.showPendingOutput`). At any other time text is
/// written at once. The lock is held while writing, so lines from the executor and from the
/// editor thread never interleave and keep their order.
final class Console: @unchecked Sendable {
    private struct State {
        var isEditing = false
        var pending = ""
        var isClosed = false
        var wrapWidth: (@Sendable () -> Int?)?
    }

    /// Where the text goes (stdout, or a pseudo-terminal in tests).
    let output: Int32
    private let state = Monitor(State())
    private let wake: WakePipe?

    /// A console writing to `output`, waking the editor through `wake`.
    init(output: Int32, wake: WakePipe?) {
        self.output = output
        self.wake = wake
    }

    /// Whether writing failed because nobody reads our output any more.
    var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Wraps every line written from now on at spaces to the width `columns` gives (a
    /// terminal with line editing; see `TextWrap`). Without it lines are written as they are
    /// (a pipe, a file).
    func wrapLines(toWidth columns: @escaping @Sendable () -> Int?) {
        state.withLock { $0.wrapWidth = columns }
    }

    /// Prints whole lines, each wrapped at spaces when `wrapLines(toWidth:)` was called.
    func write(lines: [String]) {
        guard !lines.isEmpty else { return }
        let columns = state.withLock { $0.wrapWidth }?()
        let wrapped = columns.map { width in lines.flatMap { TextWrap.wrap($0, columns: width) } } ?? lines
        write(wrapped.map { $0 + "\n" }.joined())
    }

    /// Prints text (which should end with a newline, unless it is a prompt in plain mode).
    func write(_ text: String) {
        let shouldWake = state.withLock { state -> Bool in
            if state.isEditing {
                state.pending += text
                return true
            }
            if !state.isClosed && !FileDescriptorIO.write(text, to: output) { state.isClosed = true }
            return false
        }
        if shouldWake { wake?.signal() }
    }

    /// The line editor is about to wait for keys: queue text from now on.
    func beginEditing() {
        state.withLock { $0.isEditing = true }
    }

    /// The line editor returned: print what was queued, then write directly again.
    func endEditing() {
        state.withLock { state in
            state.isEditing = false
            let text = state.pending
            state.pending = ""
            if !text.isEmpty, !state.isClosed, !FileDescriptorIO.write(text, to: output) { state.isClosed = true }
        }
    }

    /// Takes the queued text, for the editor thread to print above its line.
    func takePending() -> String? {
        state.withLock { state in
            guard !state.pending.isEmpty else { return nil }
            defer { state.pending = "" }
            return state.pending
        }
    }
}
