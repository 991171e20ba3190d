import ArgumentParser
import Framing
import Logging

/// The long names of the daemon's options, and of the session's that the REPL shares, declared
/// once: the argument parser's declarations (`Serve`, `DaemonArguments`, `ServerOptions`,
/// `SessionOptions`), the daemon's start-up path that reads them without the parser
/// (`DaemonCommandLine`) and a recording's replay options (`ServerSettings.replayArguments`)
/// all spell them from here.
enum OptionName: String, CaseIterable {
    case face
    case framing
    case maxLineBytes = "max-line-bytes"
    case maxOutputBuffer = "max-output-buffer"
    case spinMicroseconds = "spin-microseconds"
    case logLevel = "log-level"
    case clock
    case maxInstances = "max-instances"
    case maxBatch = "max-batch"
    case maxPendingCalls = "max-pending-calls"
    case clientTimeout = "client-timeout"
    case exitGrace = "exit-grace"
    case dataFile = "data-file"
    case record

    /// As written on a command line.
    var flag: String { "--" + rawValue }

    /// The option whose name is exactly these bytes (a name is bytes, not a `String` compared
    /// by canonical equivalence).
    static func named(_ bytes: Substring.UTF8View) -> OptionName? {
        allCases.first { $0.rawValue.utf8.elementsEqual(bytes) }
    }
}

extension NameSpecification {
    /// The parser's name for `option` (its long form, `--` and the name).
    static func long(_ option: OptionName) -> NameSpecification { .customLong(option.rawValue) }
}

/// A daemon's command line (`switchboard serve …`, `switchboard mcp …`, or options alone, which
/// go to `serve`, the parser's default subcommand) read without the argument parser.
///
/// The parser builds its model of the commands by reflection, and in the statically linked
/// binary each type it reflects costs a scan of every protocol conformance record: a daemon
/// started with one option (`serve --log-level warning`) ran 15.8 million instructions to its
/// first answer against 0.62 million without options, and took 3.1–3.5 ms against 1.4–1.7
/// (Benchmarks/DAEMON-ANALYSIS.md, issue 18's twenty-third session; read here, 0.64 million and
/// 1.4–1.7 ms). Editors start the daemon with options (the Emacs client with `serve --framing
/// lsp`), so the usual command lines are read here.
///
/// This reader only ever agrees with the parser or declines: it accepts a command line only if
/// every argument is a known option of that subcommand, given once, with a value that the
/// parser's own `ExpressibleByArgument` initializer accepts, and only if the settings are valid.
/// Anything else (help, a repeated or unknown option, a value that looks like an option, an
/// invalid setting) returns nil, and the parser handles the command line and its errors as
/// before. `DaemonCommandLineTests` compare the two on generated command lines.
enum DaemonCommandLine {
    /// What a daemon's command line asks for.
    struct Parsed: Equatable {
        /// The daemon's settings, the face among them.
        var settings: ServerSettings
        /// `--record`'s path.
        var recordPath: String?
    }

    /// The settings these arguments give the daemon, or nil when the argument parser has to
    /// read them.
    static func parse(_ arguments: [String]) -> Parsed? {
        var rest = arguments[...]
        var parsed = Parsed(settings: ServerSettings(), recordPath: nil)
        // `--face` is `serve`'s: `mcp` is the MCP face.
        var takesFace = true
        switch rest.first {
        case "serve":
            rest = rest.dropFirst()
        case "mcp":
            rest = rest.dropFirst()
            parsed.settings.face = .mcp
            takesFace = false
        default:
            break
        }
        // Options given so far, in a list rather than a set: a set of these names hashes each
        // name's string, which the command lines without options would pay for nothing.
        var given: [OptionName] = []
        while let argument = rest.popFirst() {
            guard argument.utf8.starts(with: "--".utf8) else { return nil }
            let text = argument.utf8.dropFirst(2)
            let name: OptionName?
            let value: String
            if let equals = text.firstIndex(of: UInt8(ascii: "=")) {
                name = OptionName.named(text[..<equals])
                value = String(Substring(text[text.index(after: equals)...]))
            } else {
                name = OptionName.named(text)
                // A value that starts with a dash is an option to the parser, which then
                // reports the missing value.
                guard let next = rest.popFirst(), !next.utf8.starts(with: "-".utf8) else { return nil }
                value = next
            }
            // Each option once: the parser keeps the last of repeated values, and a repeat is
            // rare enough to leave to it.
            guard let name, !given.contains(name), name != .face || takesFace, !value.isEmpty,
                  apply(name, value, to: &parsed) else {
                return nil
            }
            given.append(name)
        }
        guard parsed.settings.problem == nil else { return nil }
        return parsed
    }

    /// Sets option `name` to `value`, parsed as the argument parser parses it; false if the
    /// parser would reject the value.
    private static func apply(_ name: OptionName, _ value: String, to parsed: inout Parsed) -> Bool {
        func set<Value: ExpressibleByArgument>(_ store: (inout ServerSettings, Value) -> Void) -> Bool {
            guard let converted = Value(argument: value) else { return false }
            store(&parsed.settings, converted)
            return true
        }
        switch name {
        case .face: return set { (settings, value: FaceKind) in settings.face = value }
        case .framing: return set { (settings, value: FramingMode) in settings.framing = value }
        case .maxLineBytes: return set { (settings, value: Int) in settings.maxLineBytes = value }
        case .maxOutputBuffer: return set { (settings, value: Int) in settings.maxOutputBuffer = value }
        case .spinMicroseconds: return set { (settings, value: Int) in settings.spinMicroseconds = value }
        case .logLevel: return set { (settings, value: Logger.Level) in settings.logLevel = value }
        case .clock: return set { (settings, value: ClockKind) in settings.clock = value }
        case .maxInstances: return set { (settings, value: Int) in settings.maxInstances = value }
        case .maxBatch: return set { (settings, value: Int) in settings.maxBatch = value }
        case .maxPendingCalls: return set { (settings, value: Int) in settings.maxPendingCalls = value }
        case .clientTimeout: return set { (settings, value: Double) in settings.clientTimeout = value }
        case .exitGrace: return set { (settings, value: Double) in settings.exitGraceSeconds = value }
        case .dataFile: return set { (settings, value: String) in settings.dataFile = value }
        case .record:
            parsed.recordPath = value
            return true
        }
    }
}
