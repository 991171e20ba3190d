import ArgumentParser
import Framing
import Logging

extension ClockKind: ExpressibleByArgument {}
extension FramingMode: ExpressibleByArgument {}
extension WireProtocol: ExpressibleByArgument {}
extension Logger.Level: @retroactive ExpressibleByArgument {}

private let defaults = ServerSettings()

/// Options of the session behind every command (`serve`, `mcp` and `repl`): the clock, the limits, the
/// services' data. The defaults are `ServerSettings`'.
struct SessionOptions: ParsableArguments {
    @Option(name: .long(.clock), help: "Clock for view models: real, or virtual (moved only by the 'advance' method).")
    var clock: ClockKind = defaults.clock

    @Option(name: .long(.maxInstances), help: "Most view-model instances alive at once.")
    var maxInstances: Int = defaults.maxInstances

    @Option(name: .long(.maxBatch), help: "Most messages in one JSON-RPC batch.")
    var maxBatch: Int = defaults.maxBatch

    @Option(name: .long(.maxPendingCalls), help: "Most service calls in flight (delegated to the client or simulated with a latency) and timers; past it an input is refused with -32001.")
    var maxPendingCalls: Int = defaults.maxPendingCalls

    @Option(name: .long(.clientTimeout), help: "Seconds a delegated service call waits for the client's answer.")
    var clientTimeout: Double = defaults.clientTimeout

    @Option(name: .long(.exitGrace), help: "At end of input, seconds to let in-flight simulated service calls finish.")
    var exitGraceSeconds: Double = defaults.exitGraceSeconds

    @Option(name: .long(.dataFile), help: "SQLite database the built-in friends store persists to (created 0600 if missing; several daemons may share one).")
    var dataFile: String?

    @Option(name: .long(.database), help: "PostgreSQL database the built-in friends store uses instead, as a libpq URL (postgresql://user@host:port/db); PGPASSWORD, PGSSLMODE and the other PG* variables fill what it leaves out, so no secret need be on the command line.")
    var database: String?

    /// Sets these options in `settings`.
    func apply(to settings: inout ServerSettings) {
        settings.clock = clock
        settings.maxInstances = maxInstances
        settings.maxBatch = maxBatch
        settings.maxPendingCalls = maxPendingCalls
        settings.clientTimeout = clientTimeout
        settings.exitGraceSeconds = exitGraceSeconds
        settings.dataFile = dataFile
        settings.database = database
    }

    /// The defaults with these options applied.
    var settings: ServerSettings {
        var settings = defaults
        apply(to: &settings)
        return settings
    }

    func validate() throws {
        try validateApplied(apply)
    }
}

/// Applies one option group to the defaults and reports the first problem: each group checks
/// its own options (the defaults are valid), with the messages of `ServerSettings.problem`.
private func validateApplied(_ apply: (inout ServerSettings) -> Void) throws {
    var settings = defaults
    apply(&settings)
    if let problem = settings.problem { throw ValidationError(problem) }
}

/// Options of the daemon's transport and logging (`serve` only; the REPL has neither).
struct ServerOptions: ParsableArguments {
    @Option(name: .long(.framing), help: "Message framing: newline, lsp (Content-Length headers) or auto (decided by the first byte).")
    var framing: FramingMode = defaults.framing

    @Option(name: .long(.maxLineBytes), help: "Longest message accepted, in bytes.")
    var maxLineBytes: Int = defaults.maxLineBytes

    @Option(name: .long(.maxOutputBuffer), help: "Bytes of output buffered before a write, at most.")
    var maxOutputBuffer: Int = defaults.maxOutputBuffer

    @Option(name: .long(.logLevel), help: "Least severe log level written to stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = defaults.logLevel

    /// Sets these options in `settings`.
    func apply(to settings: inout ServerSettings) {
        settings.framing = framing
        settings.maxLineBytes = maxLineBytes
        settings.maxOutputBuffer = maxOutputBuffer
        settings.logLevel = logLevel
    }

    func validate() throws {
        try validateApplied(apply)
    }
}
