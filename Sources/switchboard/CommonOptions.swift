import ArgumentParser
import Framing
import FoundationEssentials
import Host
import JSON
import Logging

/// Which clock view models run on.
enum ClockKind: String, ExpressibleByArgument, CaseIterable {
    /// Wall-clock time.
    case real
    /// Virtual time that moves only with the `advance` method (deterministic scripts).
    case virtual
}

extension FramingMode: ExpressibleByArgument {}

/// Options shared by every face of the daemon.
struct CommonOptions: ParsableArguments {
    @Option(help: "Message framing: newline, lsp (Content-Length headers) or auto (decided by the first byte).")
    var framing: FramingMode = .newline

    @Option(help: "Clock for view models: real, or virtual (moved only by the 'advance' method).")
    var clock: ClockKind = .real

    @Option(name: .customLong("max-line-bytes"), help: "Longest message accepted, in bytes.")
    var maxLineBytes: Int = 16 * 1024 * 1024

    @Option(name: .customLong("max-instances"), help: "Most view-model instances alive at once.")
    var maxInstances: Int = 100_000

    @Option(name: .customLong("max-batch"), help: "Most messages in one JSON-RPC batch.")
    var maxBatch: Int = 100_000

    @Option(name: .customLong("max-pending-calls"), help: "Most service calls delegated to the client awaiting an answer.")
    var maxPendingCalls: Int = 10_000

    @Option(name: .customLong("client-timeout"), help: "Seconds a delegated service call waits for the client's answer.")
    var clientTimeout: Double = 30

    @Option(name: .customLong("exit-grace"), help: "At end of input, seconds to let in-flight simulated service calls finish.")
    var exitGraceSeconds: Double = 5

    @Option(name: .customLong("max-output-buffer"), help: "Bytes of output buffered before a write, at most.")
    var maxOutputBuffer: Int = 1024 * 1024

    @Option(name: .customLong("data-file"), help: "File the built-in friends store persists to (created if missing).")
    var dataFile: String?

    @Option(name: .customLong("log-level"), help: "Least severe log level written to stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .warning

    func validate() throws {
        guard maxLineBytes >= 64 else { throw ValidationError("--max-line-bytes must be at least 64") }
        guard maxInstances >= 1 else { throw ValidationError("--max-instances must be at least 1") }
        guard maxOutputBuffer >= 1 else { throw ValidationError("--max-output-buffer must be at least 1") }
        guard maxBatch >= 1 else { throw ValidationError("--max-batch must be at least 1") }
        guard maxPendingCalls >= 1 else { throw ValidationError("--max-pending-calls must be at least 1") }
        guard clientTimeout > 0, clientTimeout.isFinite else { throw ValidationError("--client-timeout must be a positive number of seconds") }
        guard exitGraceSeconds >= 0, exitGraceSeconds.isFinite else { throw ValidationError("--exit-grace must be zero or more seconds") }
    }

    /// The options a replay of a recording needs to behave the same (limits and timeouts, not
    /// framing, logging or the clock, which replay sets itself).
    var replayArguments: [String] {
        var arguments: [String] = []
        let defaults = CommonOptions.defaults
        if maxInstances != defaults.maxInstances { arguments += ["--max-instances", String(maxInstances)] }
        if maxBatch != defaults.maxBatch { arguments += ["--max-batch", String(maxBatch)] }
        if maxPendingCalls != defaults.maxPendingCalls { arguments += ["--max-pending-calls", String(maxPendingCalls)] }
        if clientTimeout != defaults.clientTimeout { arguments += ["--client-timeout", String(clientTimeout)] }
        if maxLineBytes != defaults.maxLineBytes { arguments += ["--max-line-bytes", String(maxLineBytes)] }
        return arguments
    }

    /// The default values, for `replayArguments`.
    private static var defaults: CommonOptions {
        (try? CommonOptions.parse([])) ?? CommonOptions()
    }

    func sessionConfiguration() -> SessionConfiguration {
        var configuration = SessionConfiguration()
        configuration.maxInstances = maxInstances
        configuration.maxBatch = maxBatch
        configuration.maxPendingClientCalls = maxPendingCalls
        configuration.clientCallTimeout = clientTimeout
        if let dataFile { configuration.settings["dataFile"] = .string(dataFile) }
        return configuration
    }

    /// A logger writing to stderr: stdout carries protocol lines only.
    func makeLogger() -> Logger {
        var logger = Logger(label: "switchboard") { label in StreamLogHandler.standardError(label: label) }
        logger.logLevel = logLevel
        return logger
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
