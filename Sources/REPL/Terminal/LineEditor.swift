import CEditLine
import SystemIO
#if canImport(Glibc)
import Glibc
#endif

/// libedit, thinly: reads one line with editing, history, Tab completion and Ctrl-C, while
/// output from other threads keeps arriving above the line.
///
/// ## Threads
/// Every method runs on the editor thread (the thread that calls `readLine`); libedit is not
/// thread-safe. Other threads only ever write to the `Console`, which queues text while a line
/// is being edited and wakes us through the `WakePipe`.
///
/// ## Printing above a half-typed line
/// libedit's own `read(2)` is replaced (`EL_GETCFN`) by `readCharacter`, which `poll(2)`s the
/// terminal and the wake pipe. When woken, and still inside `el_gets`, it moves the cursor to
/// the prompt's first row (`\r`, `ESC[nA`), clears to the end of the screen (`ESC[J`), prints
/// the queued text, and calls `el_set(EL_REFRESH)`, which forgets what libedit thought was on
/// the screen and draws the prompt and the buffer again, cursor in place, from the new line.
/// The buffer itself is never touched, so the half-typed line survives exactly.
final class LineEditor {
    /// What one `readLine` produced.
    enum Input: Equatable {
        /// A line (without its newline).
        case line(String)
        /// Ctrl-C: the line was abandoned.
        case interrupted
        /// Ctrl-D on an empty line, or the terminal went away.
        case endOfInput
    }

    /// Completes the text before the cursor; set by the REPL.
    var complete: (String) -> Completion = { _ in .none }

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let inputFile: UnsafeMutablePointer<FILE>
    private let outputFile: UnsafeMutablePointer<FILE>
    private let input: Int32
    private let output: Int32
    private let console: Console
    private let wake: WakePipe
    private let style: Style
    /// Whether cursor movement escapes may be used (not on a `dumb` terminal).
    private let usesEscapes: Bool
    private var promptText = ""
    private var promptStorage: UnsafeMutablePointer<CChar>?
    private var wasInterrupted = false
    private var assembler = UTF8Assembler()

    /// An editor on the terminal `input`/`output`, or nil when libedit cannot run there.
    init?(input: Int32, output: Int32, console: Console, wake: WakePipe, style: Style, history entries: [String], terminalIsDumb: Bool, handlesSignals: Bool) {
        // libedit wants stdio streams; they get descriptors of their own, closed with them.
        guard let inputFile = Self.stream(duplicating: input, mode: "r") else { return nil }
        guard let outputFile = Self.stream(duplicating: output, mode: "w") else {
            fclose(inputFile)
            return nil
        }
        guard let editLine = sb_el_init_fd("switchboard", inputFile, outputFile, outputFile, input, output, output) else {
            fclose(inputFile)
            fclose(outputFile)
            return nil
        }
        guard let history = sb_history_init() else {
            sb_el_end(editLine)
            fclose(inputFile)
            fclose(outputFile)
            return nil
        }
        self.editLine = editLine
        self.history = history
        self.inputFile = inputFile
        self.outputFile = outputFile
        self.input = input
        self.output = output
        self.console = console
        self.wake = wake
        self.style = style
        self.usesEscapes = !terminalIsDumb
        configure(history: entries, handlesSignals: handlesSignals)
    }

    deinit {
        sb_el_end(editLine)
        sb_history_end(history)
        fclose(inputFile)
        fclose(outputFile)
        free(promptStorage)
    }

    private static func stream(duplicating descriptor: Int32, mode: String) -> UnsafeMutablePointer<FILE>? {
        guard let copy = try? FileDescriptor(rawValue: descriptor).duplicate() else { return nil }
        // libedit reads and writes through stdio streams; the stream owns the copy.
        guard let stream = fdopen(copy.rawValue, mode) else {
            try? copy.close()
            return nil
        }
        return stream
    }

    private func configure(history entries: [String], handlesSignals: Bool) {
        sb_history_set_size(history, 1000)
        sb_history_set_unique(history, 1)
        for entry in entries { sb_history_enter(history, entry) }
        sb_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        sb_el_set_editor(editLine, "emacs")
        // libedit's handlers restore the terminal around Ctrl-Z and follow window resizes; they
        // pass SIGINT and SIGCONT on to KeyboardInterrupts' handlers.
        sb_el_set_signal(editLine, handlesSignals ? 1 : 0)
        sb_el_set_history(editLine, history)
        sb_el_set_prompt(editLine, { editLine in LineEditor.owner(of: editLine)?.promptStorage }, 1)
        sb_el_set_reader(editLine, { editLine, character in
            LineEditor.owner(of: editLine)?.readCharacter(into: character) ?? -1
        })
        // ~/.editrc first, so the person's own bindings apply, then the two keys the REPL needs.
        sb_el_source(editLine, nil)
        sb_el_add_function(editLine, "sb-complete", "Complete the word before the cursor", { editLine, _ in
            LineEditor.owner(of: editLine)?.completeWord() ?? UInt8(CC_ERROR)
        })
        sb_el_add_function(editLine, "sb-interrupt", "Abandon the line", { editLine, _ in
            LineEditor.owner(of: editLine)?.interruptLine() ?? UInt8(CC_ERROR)
        })
        sb_el_bind(editLine, "^I", "sb-complete")
        sb_el_bind(editLine, "^C", "sb-interrupt")
    }

    private static func owner(of editLine: OpaquePointer?) -> LineEditor? {
        guard let editLine, let data = sb_el_client_data(editLine) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    // MARK: Reading a line

    /// Reads one line after showing `prompt` (painted by the style).
    func readLine(prompt: String) -> Input {
        setPrompt(prompt)
        wasInterrupted = false
        _ = KeyboardInterrupts.takeInterrupt()
        console.beginEditing()
        defer { console.endEditing() }
        var count: Int32 = 0
        let line = sb_el_gets(editLine, &count)
        if wasInterrupted { return .interrupted }
        guard let line, count > 0 else {
            // Ctrl-D leaves the cursor after "^D": end that line.
            FileDescriptorIO.write("\n", to: output)
            return .endOfInput
        }
        var text = String(cString: line)
        if text.hasSuffix("\n") { text.removeLast() }
        return .line(text)
    }

    /// Adds an entry to the in-memory history (Up recalls it).
    func addToHistory(_ entry: String) {
        sb_history_enter(history, entry)
    }

    private func setPrompt(_ text: String) {
        promptText = text
        free(promptStorage)
        promptStorage = strdup(style.editorPrompt(text))
    }

    // MARK: Callbacks from inside el_gets

    /// libedit's character reader: waits for a key or for output to show, and turns SIGINT
    /// into the ^C key. Returns 1 with a character, 0 at end of input, -1 on error.
    private func readCharacter(into character: UnsafeMutablePointer<wchar_t>?) -> Int32 {
        while true {
            showPendingOutput()
            if KeyboardInterrupts.takeContinued() {
                // Back from Ctrl-Z: the shell has written on the screen meanwhile.
                sb_el_redraw(editLine)
            }
            if KeyboardInterrupts.takeInterrupt() {
                character?.pointee = 3
                return 1
            }
            let ready: [Int]
            do {
                // The wake pipe first: a signal or queued output is handled before more keys.
                ready = try FileDescriptor.waitForInput(on: [wake.readEnd, FileDescriptor(rawValue: input)], timeoutMilliseconds: -1)
            } catch {
                return -1
            }
            if ready.contains(0) { wake.drain() }
            guard ready.contains(1) else { continue }
            var byte: UInt8 = 0
            let count: Int?
            do {
                count = try withUnsafeMutableBytes(of: &byte) { try FileDescriptor(rawValue: input).readIfReady(into: $0) }
            } catch {
                return -1
            }
            guard let count else { continue }
            if count == 0 { return 0 }
            if let scalar = assembler.feed(byte) {
                character?.pointee = wchar_t(bitPattern: scalar.value)
                return 1
            }
        }
    }

    /// Prints queued output above the prompt, then draws the prompt and the line again.
    private func showPendingOutput() {
        guard let text = console.takePending() else { return }
        fflush(outputFile)
        var screen: String
        if usesEscapes {
            let rows = geometry().cursorRow
            screen = "\r" + (rows > 0 ? "\u{1B}[\(rows)A" : "") + "\u{1B}[J"
        } else {
            screen = "\n"
        }
        // Like libedit, rely on the terminal's ONLCR (on in its edit mode) to turn \n into CR LF.
        screen += text
        FileDescriptorIO.write(screen, to: output)
        sb_el_redraw(editLine)
    }

    /// Tab: inserts the completion; lists candidates and shows the signature below the line.
    private func completeWord() -> UInt8 {
        guard let info = sb_el_line(editLine)?.pointee, let buffer = info.buffer, let cursor = info.cursor else {
            return UInt8(CC_ERROR)
        }
        let before = String(decoding: UnsafeRawBufferPointer(start: buffer, count: cursor - buffer), as: UTF8.self)
        let completion = complete(before)
        var below: [String] = []
        if completion.candidates.count > 1 {
            below += CandidateLayout.lines(completion.candidates, columns: columns)
        }
        if let hint = completion.hint { below.append(style.paint(hint, .hint)) }
        if completion.insertion.isEmpty && below.isEmpty { return UInt8(CC_REFRESH_BEEP) }
        if !below.isEmpty { printBelowInput(below) }
        if !completion.insertion.isEmpty { sb_el_insertstr(editLine, completion.insertion) }
        guard below.isEmpty else {
            sb_el_redraw(editLine)
            return UInt8(CC_NORM)
        }
        return UInt8(CC_REFRESH)
    }

    /// Ctrl-C: shows `^C` at the end of the line, ends it, and marks it abandoned.
    private func interruptLine() -> UInt8 {
        wasInterrupted = true
        if let info = sb_el_wline(editLine)?.pointee, let cursor = info.cursor, let last = info.lastchar {
            sb_el_cursor(editLine, Int32(last - cursor))
        }
        sb_el_insertstr(editLine, "^C")
        // The newline goes through libedit's own ed-newline, which moves below the line.
        sb_el_push(editLine, "\n")
        return UInt8(CC_REFRESH)
    }

    /// Moves below the (possibly wrapped) input and prints `lines` there.
    private func printBelowInput(_ lines: [String]) {
        fflush(outputFile)
        let shape = geometry()
        var screen = usesEscapes && shape.lastRow > shape.cursorRow ? "\u{1B}[\(shape.lastRow - shape.cursorRow)B" : ""
        screen += "\n" + lines.joined(separator: "\n") + "\n"
        FileDescriptorIO.write(screen, to: output)
    }

    /// The terminal's width in columns (80 when it cannot be told).
    var columns: Int { Self.columns(of: output) }

    /// The width in columns of the terminal on `descriptor` (80 when it cannot be told).
    static func columns(of descriptor: Int32) -> Int {
        let columns = Int(sb_terminal_columns(descriptor))
        return columns > 0 ? columns : 80
    }

    private func geometry() -> InputGeometry {
        guard let info = sb_el_line(editLine)?.pointee, let buffer = info.buffer, let cursor = info.cursor, let last = info.lastchar else {
            return InputGeometry(promptWidth: DisplayWidth.of(promptText), widthBeforeCursor: 0, totalWidth: 0, columns: columns)
        }
        let before = String(decoding: UnsafeRawBufferPointer(start: buffer, count: cursor - buffer), as: UTF8.self)
        let all = String(decoding: UnsafeRawBufferPointer(start: buffer, count: last - buffer), as: UTF8.self)
        return InputGeometry(
            promptWidth: DisplayWidth.of(promptText),
            widthBeforeCursor: DisplayWidth.of(before),
            totalWidth: DisplayWidth.of(all),
            columns: columns
        )
    }
}
