import Host
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
    private var driver: SessionDriver!
    /// Executor-confined (read and written by the session's event handler).
    private var showsWire = false
    /// Executor-confined.
    private var recorder: TranscriptRecorder?
    /// The types, from `describe` at start (the registry does not change while running).
    private var types: [TypeInfo] = []

    /// A REPL serving the types of `registry`.
    public init(registry: Registry, options: REPLOptions) {
        self.options = options
        let outputIsTerminal = FileDescriptorIO.isTerminal(options.output)
        let colored = options.color.isColored(environment: options.environment, outputIsTerminal: outputIsTerminal)
        formatter = OutputFormatter(style: Style(colored: colored))
        wake = WakePipe()
        console = Console(output: options.output, wake: wake)
        driver = SessionDriver(
            registry: registry,
            configuration: options.session,
            virtualClock: options.virtualClock,
            diagnose: { [console, formatter] in console.write(lines: [formatter.warning($0)]) },
            onEvent: { [weak self] in self?.handle($0) }
        )
        if case let .success(result) = driver.query("describe") {
            types = SessionDescription.types(fromDescribe: result)
        }
    }

    /// Runs until `.quit` or the end of input; returns the exit status (0, or 3 when nobody
    /// reads the output any more).
    public func run() -> Int32 {
        TerminalLocale.configure()
        let editing = options.lineEditing ?? FileDescriptorIO.isTerminal(options.input)
        if editing, let wake, let editor = makeEditor(wake: wake) {
            runInteractive(editor)
        } else {
            runPlain()
        }
        driver.endInput()
        driver.onExecutor { recorder = nil }
        return console.isClosed ? 3 : 0
    }

    // MARK: Faces

    private func makeEditor(wake: WakePipe) -> LineEditor? {
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
            history: entries, terminalIsDumb: options.environment["TERM"] == "dumb", handlesSignals: options.catchesInterrupts
        ) else { return nil }
        self.history = history
        editor.complete = { [unowned self] before in Completer(description: describeSession()).complete(before) }
        return editor
    }

    private var history: HistoryStore?

    private func historyStore() -> HistoryStore? {
        let path = options.historyPath ?? HistoryStore.location(environment: options.environment)
        return path.map { HistoryStore(path: $0) }
    }

    private func runInteractive(_ editor: LineEditor) {
        if options.catchesInterrupts, let wake { TerminalSignals.install(wake: wake) }
        if let banner = options.banner { console.write(lines: [formatter.note(banner)]) }
        var pending: [String] = []
        while !console.isClosed {
            switch editor.readLine(prompt: pending.isEmpty ? Self.prompt : Self.continuationPrompt) {
            case .endOfInput:
                return
            case .interrupted:
                pending = []
            case let .line(line):
                pending.append(line)
                let text = pending.joined(separator: " ")
                guard !BracketBalance(text).needsMoreInput else { continue }
                pending = []
                remember(text, editor: editor)
                if execute(text) == .quit { return }
            }
        }
    }

    private func runPlain() {
        let reader = PlainLineReader(descriptor: options.input)
        var pending: [String] = []
        if options.promptInPlainMode { console.write(formatter.style.paint(Self.prompt, .prompt)) }
        while !console.isClosed, let line = reader.nextLine() {
            pending.append(line)
            let text = pending.joined(separator: " ")
            if BracketBalance(text).needsMoreInput {
                if options.promptInPlainMode { console.write(Self.continuationPrompt) }
                continue
            }
            pending = []
            if execute(text) == .quit { return }
            if options.promptInPlainMode { console.write(formatter.style.paint(Self.prompt, .prompt)) }
        }
        if !pending.isEmpty { _ = execute(pending.joined(separator: " ")) }
        driver.endInput()
        driver.waitForScheduledWork(seconds: options.virtualClock ? 0 : options.exitGracePeriod)
    }

    /// The main prompt.
    static let prompt = "switchboard> "
    /// The prompt while JSON brackets are open.
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

    private enum Outcome { case proceed, quit }

    /// Runs one complete input.
    private func execute(_ text: String) -> Outcome {
        switch CommandParser.parse(text) {
        case let .failure(error):
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

    private func run(_ command: MetaCommand) -> Outcome {
        switch command {
        case .quit:
            return .quit
        case let .help(topic):
            let lines = HelpText(style: formatter.style).lines(topic: topic, description: describeSession())
            if let lines {
                console.write(lines: lines)
            } else {
                console.write(lines: formatter.parseError(ParseError("no type, instance or input is called \(topic ?? "")", hint: ".types lists the types, .list the instances")))
            }
        case let .raw(setting):
            let on = driver.onExecutor { () -> Bool in
                showsWire = setting ?? !showsWire
                return showsWire
            }
            console.write(lines: [formatter.note("raw \(on ? "on" : "off")")])
        case let .record(path):
            let result = driver.onExecutor { () -> Result<String, RecorderError> in
                do throws(RecorderError) {
                    recorder = try TranscriptRecorder(path: path)
                    return .success(path)
                } catch {
                    return .failure(error)
                }
            }
            switch result {
            case let .success(path): console.write(lines: [formatter.note("recording to \(path); .stop ends it")])
            case let .failure(error): console.write(lines: formatter.parseError(ParseError("\(error)")))
            }
        case .stop:
            let path = driver.onExecutor { () -> String? in
                defer { recorder = nil }
                return recorder?.path
            }
            console.write(lines: [formatter.note(path.map { "saved \($0)" } ?? "not recording")])
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
        if case let .success(list) = driver.query("list") {
            description.instances = SessionDescription.instances(fromList: list)
        }
        return description
    }

    // MARK: What the session sends (on the executor)

    private func handle(_ event: SessionDriver.Event) {
        switch event {
        case let .sent(wire):
            recorder?.sent(wire)
            if showsWire { console.write(lines: [formatter.sent(wire)]) }
        case let .received(message, purpose):
            let wire = message.json.serializedString()
            recorder?.received(wire)
            var lines = showsWire ? [formatter.received(wire)] : []
            lines += self.lines(for: message, purpose: purpose)
            console.write(lines: lines)
        }
    }

    private func lines(for message: OutboundMessage, purpose: SessionDriver.Purpose?) -> [String] {
        switch message {
        case let .output(notification):
            return [formatter.output(notification)]
        case let .clientRequest(id, method, params):
            return formatter.clientRequest(id: id, method: method, params: params)
        case let .response(response):
            return lines(for: response.result, purpose: purpose)
        case let .batch(responses):
            return responses.flatMap { lines(for: $0.result, purpose: .raw) }
        }
    }

    private func lines(for result: Result<JSONValue, RPCError>, purpose: SessionDriver.Purpose?) -> [String] {
        let value: JSONValue
        switch result {
        case let .failure(error): return formatter.error(error)
        case let .success(success): value = success
        }
        switch purpose {
        case .none, .call?:
            // Inputs answer null: their outputs already said everything.
            return value.isNull ? [] : [formatter.result(value)]
        case .raw?:
            return [value.isNull ? formatter.ok() : formatter.result(value)]
        case let .command(command)?:
            switch command {
            case .types: return formatter.types(SessionDescription.types(fromDescribe: value))
            case .list: return formatter.instances(SessionDescription.instances(fromList: value))
            case let .snapshot(id): return formatter.snapshot(id: id, value)
            case .new: return [formatter.created(value)]
            case let .destroy(id): return [formatter.note("destroyed \(id)")]
            case .advance: return [formatter.advanced(value)]
            case .help, .raw, .record, .stop, .quit: return []
            }
        }
    }
}
