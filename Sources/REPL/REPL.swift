import CEditLine
import Host
import SystemIO
import Transcripts
import JSON
#if canImport(Glibc)
import Glibc
#endif

/// The REPL: a person types lines, each becomes a JSON-RPC request handed to the same
/// `Session` the daemon drives, and what the session sends back prints readably. No behaviour
/// of the host is implemented twice: dot commands are host methods, completion and help come
/// from `describe` and `list`.
///
/// ```swift
/// var options = REPLOptions()
/// options.environment = ProcessInfo.processInfo.environment
/// exit(REPL(registry: BuiltinCatalog.registry(), options: options).run())
/// ```
public final class REPL {
    private let options: REPLOptions
    private let formatter: OutputFormatter
    private let wake: WakePipe?
    private let console: Console
    private let printer: SessionPrinter
    private let driver: SessionDriver
    /// The types, from `describe` at start (the registry does not change while running).
    private var types: [TypeDescription] = []
    /// The history file, while it can be written.
    private var history: HistoryStore?
    /// Whether the line being edited continues a multi-line JSON input (nothing to complete).
    private var isContinuing = false

    /// A REPL serving the types of `registry`.
    public init(registry: Registry, options: REPLOptions) {
        self.options = options
        let outputIsTerminal = FileDescriptorIO.isTerminal(options.output)
        let colored = options.color.isColored(environment: options.environment, outputIsTerminal: outputIsTerminal)
        formatter = OutputFormatter(style: Style(colored: colored))
        wake = WakePipe()
        console = Console(output: options.output, wake: wake)
        let printer = SessionPrinter(formatter: formatter, console: console)
        self.printer = printer
        driver = SessionDriver(
            registry: registry,
            configuration: options.session,
            virtualClock: options.virtualClock,
            diagnose: { printer.warn($0) },
            onEvent: { printer.handle($0) }
        )
        if case let .success(result) = driver.ask(.describe(type: nil)) {
            types = TypeDescription.types(fromDescribe: result)
        }
    }

    /// Runs until `.quit` or the end of input; returns the exit status: 3 when nobody reads the
    /// output any more; in plain mode (a script piped in) 1 when any command failed (a parse
    /// error, an unknown command, an error response); else 0.
    public func run() -> Int32 {
        TerminalLocale.configure()
        // Like the daemon: a reader that went away is an exit status (3), not a signal.
        signal(SIGPIPE, SIG_IGN)
        // Line editing needs a real terminal both ways; a `dumb` one (an editor's shell buffer)
        // cannot move the cursor, so it gets plain mode too.
        let editing = options.lineEditing
            ?? (FileDescriptorIO.isTerminal(options.input) && FileDescriptorIO.isTerminal(options.output)
                && options.environment["TERM"] != "dumb")
        var plain = false
        // A terminal that cannot edit lines (TERM=dumb: an editor's shell buffer) still gets a
        // prompt, and is told once why line editing is off.
        let dumbTerminal = options.lineEditing == nil && options.environment["TERM"] == "dumb"
            && FileDescriptorIO.isTerminal(options.input) && FileDescriptorIO.isTerminal(options.output)
        if dumbTerminal { lineEditingIsOff(because: "TERM=dumb: line editing and colour are off") }
        if editing, let wake, let editor = makeEditor(wake: wake) {
            // Structured results laid out for the person; pipes keep the one-line form.
            driver.onExecutor { [printer] in printer.resultWidth = { [weak editor] in editor?.columns } }
            // Messages wrap at spaces at the terminal's edge; the editor's own line is its own.
            let output = options.output
            console.wrapLines { LineEditor.columns(of: output) }
            let endedByCtrlD = runInteractive(editor)
            driver.endInput()
            if endedByCtrlD { letOwedOutputsArrive() }
        } else {
            plain = true
            runPlain()
        }
        let sessionFailures = driver.onExecutor { [printer] () -> Int in
            printer.recorder = nil
            return printer.failures
        }
        if console.isClosed { return 3 }
        return plain && localFailures + sessionFailures > 0 ? 1 : 0
    }

    // MARK: Faces

    private func makeEditor(wake: WakePipe) -> LineEditor? {
        // libedit is loaded now, not at start-up (see CEditLine). Without it the REPL still
        // works on the terminal as on a dumb one: a prompt, and lines read as typed.
        if let failure = sb_editline_load() {
            lineEditingIsOff(because: "line editing is off: \(String(cString: failure))")
            return nil
        }
        var entries: [String] = []
        let history = historyStore()
        if let history {
            do {
                try history.load()
                entries = history.entries
            } catch {
                console.write(lines: [formatter.warning("history: \(error)")])
            }
        }
        guard let editor = LineEditor(
            input: options.input, output: options.output, console: console, wake: wake, style: formatter.style,
            history: entries, terminalIsDumb: options.environment["TERM"] == "dumb", handlesSignals: options.catchesSignals
        ) else { return nil }
        self.history = history
        editor.complete = { [unowned self] before in
            isContinuing ? .none : Completer(description: describeSession()).complete(before)
        }
        return editor
    }

    /// On a terminal that cannot edit lines, a person still gets a prompt, and one line on
    /// stderr says why.
    private func lineEditingIsOff(because reason: String) {
        FileDescriptorIO.write("switchboard: \(reason); lines are read as typed\n", to: 2)
        promptAlways = true
    }

    private func historyStore() -> HistoryStore? {
        switch options.history {
        case .automatic: return HistoryStore.location(environment: options.environment).map { HistoryStore(path: $0) }
        case let .file(path): return HistoryStore(path: path)
        case .off: return nil
        }
    }

    /// After Ctrl-D, like the daemon at end of input: simulated service calls still in flight
    /// may answer, for up to the exit grace; what is still owed after it is reported.
    private func letOwedOutputsArrive() {
        guard !options.virtualClock else { return }
        let pending = driver.pendingScheduledWork
        guard pending > 0, !console.isClosed else { return }
        console.write(lines: [formatter.note("waiting up to \(Self.seconds(options.exitGracePeriod)) s for \(pending) scheduled action\(pending == 1 ? "" : "s") in flight (a service call, a timer)")])
        driver.waitForScheduledWork(seconds: options.exitGracePeriod)
        let left = driver.pendingScheduledWork
        if left > 0 {
            console.write(lines: [formatter.warning("left with \(left) scheduled action\(left == 1 ? "" : "s") unfinished; their outputs were dropped")])
        }
    }

    /// `5` for 5.0, `0.5` for 0.5.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    /// Reads and runs lines until `.quit` (false) or Ctrl-D (true).
    private func runInteractive(_ editor: LineEditor) -> Bool {
        if options.catchesSignals, let wake { KeyboardInterrupts.install(wake: wake) }
        if let banner = options.banner { console.write(lines: [formatter.note(banner)]) }
        var pending: [String] = []
        while !console.isClosed {
            isContinuing = !pending.isEmpty
            switch editor.readLine(prompt: isContinuing ? Self.continuationPrompt : Self.prompt) {
            case .endOfInput:
                return true
            case .interrupted:
                pending = []
            case let .line(line):
                pending.append(line)
                let text = pending.joined(separator: " ")
                guard !BracketBalance(text).needsMoreInput else { continue }
                pending = []
                remember(text, editor: editor)
                if execute(text) == .quit { return false }
            }
        }
        return false
    }

    /// Reads and runs lines from a pipe or a file: one command a line, so a broken line is an
    /// error about that line alone and never swallows the lines after it. (Continuation lines,
    /// for JSON typed over several lines, are for a person at a terminal.)
    private func runPlain() {
        let reader = PlainLineReader(descriptor: options.input)
        var outcome = LineOutcome.proceed
        let prompts = options.promptInPlainMode || promptAlways
        if prompts { console.write(formatter.style.paint(Self.prompt, .prompt)) }
        while outcome == .proceed, !console.isClosed, let read = reader.nextLine() {
            let line: String
            switch read {
            case let .text(text):
                line = text
            case let .tooLong(bytes):
                localFailures += 1
                console.write(lines: formatter.parseError(ParseError("a line of \(bytes) bytes is longer than \(PlainLineReader.maxLineBytes) bytes; it was skipped")))
                continue
            }
            outcome = execute(line)
            if outcome == .proceed, prompts { console.write(formatter.style.paint(Self.prompt, .prompt)) }
        }
        driver.endInput()
        // As the daemon does at end of input, let simulated services answer before exiting
        // (virtual time never moves by itself; .quit and shutdown leave at once).
        if outcome == .proceed, !options.virtualClock { driver.waitForScheduledWork(seconds: options.exitGracePeriod) }
    }

    /// The main prompt.
    static let prompt = "switchboard> "
    /// The prompt while JSON brackets are open (at a terminal only).
    static let continuationPrompt = "...> "

    private func remember(_ text: String, editor: LineEditor) {
        guard !text.trimmingWhitespace().isEmpty else { return }
        editor.addToHistory(text)
        do {
            try history?.append(text)
        } catch {
            console.write(lines: [formatter.warning("history: \(error); not saving history any more")])
            history = nil
        }
    }

    // MARK: Lines

    private enum LineOutcome { case proceed, quit }

    /// Inputs the REPL itself refused (parse errors, unknown commands or help topics).
    private var localFailures = 0
    /// Plain mode on a terminal that cannot edit (TERM=dumb) still prompts.
    private var promptAlways = false

    /// Runs one complete input.
    private func execute(_ text: String) -> LineOutcome {
        switch CommandParser.parse(text, parameters: parameterLookup) {
        case let .failure(error):
            localFailures += 1
            console.write(lines: formatter.parseError(error))
        case .success(.empty):
            break
        case let .success(.raw(json)):
            driver.sendRaw(json)
        case let .success(.call(method, arguments)):
            driver.send(method: method, params: arguments.params, purpose: .call(method: method))
        case let .success(.meta(command)):
            return run(command)
        }
        // `shutdown` typed as a call or as JSON ends the REPL as it ends the daemon.
        return driver.isShutdownRequested ? .quit : .proceed
    }

    /// The declared parameters of `target.input`, from the session's description.
    private func parameterLookup(_ method: String) -> [ParameterDescription]? {
        guard let (target, input) = Session.splitMethod(method) else { return nil }
        // A type's name needs no question to the session; an instance id does (`list`).
        let description = types.contains { $0.name == target } ? SessionDescription(types: types) : describeSession()
        return description.type(ofTarget: target)?.input(named: input)?.parameters
    }

    private func run(_ command: MetaCommand) -> LineOutcome {
        switch command {
        case .quit:
            return .quit
        case let .help(topic):
            let lines = HelpText(style: formatter.style).lines(topic: topic, description: describeSession())
            if let lines {
                console.write(lines: lines)
            } else {
                localFailures += 1
                console.write(lines: formatter.parseError(ParseError("no type, instance or input is called \(topic ?? "")", hint: ".types lists the types, .list the instances")))
            }
        case let .raw(setting):
            let on = driver.onExecutor { [printer] () -> Bool in
                printer.showsWire = setting ?? !printer.showsWire
                return printer.showsWire
            }
            console.write(lines: [formatter.note("raw \(on ? "on" : "off")")])
        case let .record(path):
            let virtualClock = options.virtualClock
            let replayArguments = options.replayArguments
            let result = driver.onExecutor { [printer, driver] () -> Result<String, TranscriptRecorder.Failure> in
                do throws(TranscriptRecorder.Failure) {
                    // The new file first: a path that cannot be written leaves the current
                    // recording (if any) running.
                    let recorder = try TranscriptRecorder(
                        path: path,
                        realClock: !virtualClock,
                        daemonArguments: replayArguments,
                        pendingWork: { driver.pendingScheduledWorkOnExecutor }
                    )
                    printer.recorder?.recorder.finished()
                    printer.recorder = (recorder, path)
                    return .success(path)
                } catch {
                    return .failure(error)
                }
            }
            switch result {
            case let .success(path): console.write(lines: [formatter.note("recording to \(path); .stop ends it; replay with switchboard test \(path)")])
            case let .failure(error):
                localFailures += 1
                console.write(lines: formatter.parseError(ParseError("\(error)")))
            }
        case .stop:
            let path = driver.onExecutor { [printer] () -> String? in
                defer { printer.recorder = nil }
                printer.recorder?.recorder.finished()
                return printer.recorder?.path
            }
            console.write(lines: [formatter.note(path.map { "saved \($0)" } ?? "not recording")])
        case let .timeline(path):
            let page = driver.onExecutor { [printer] in
                HTMLReport.page(sessionSent: printer.history.sent, received: printer.history.received, title: "Session timeline")
            }
            do {
                try FileSystem.writeFile(path, contents: Array(page.utf8))
                console.write(lines: [formatter.note("wrote the timeline of \(driver.onExecutor { [printer] in printer.history.sent.count }) lines sent to \(path)")])
            } catch {
                localFailures += 1
                console.write(lines: formatter.parseError(ParseError("cannot write \(path): \(error)")))
            }
        case .types, .new, .destroy, .list, .snapshot, .advance:
            if let call = RequestEncoder.hostCall(for: command) {
                driver.send(method: call.method, params: call.params, purpose: .command(command))
            }
        }
        return .proceed
    }

    /// The types, and the instances alive now (asked of the session, not shown).
    private func describeSession() -> SessionDescription {
        var description = SessionDescription(types: types)
        if case let .success(list) = driver.ask(.list) {
            description.instances = SessionDescription.instances(fromList: list)
        }
        return description
    }
}
