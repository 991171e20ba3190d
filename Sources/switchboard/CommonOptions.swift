import ArgumentParser
import Framing
import Logging

extension ClockKind: ExpressibleByArgument {}
extension FramingMode: ExpressibleByArgument {}
extension Logger.Level: @retroactive ExpressibleByArgument {}

/// Options shared by every face of the daemon; the defaults are `ServerSettings`'.
struct CommonOptions: ParsableArguments {
    private static let defaults = ServerSettings()

    @Option(help: "Message framing: newline, lsp (Content-Length headers) or auto (decided by the first byte).")
    var framing: FramingMode = defaults.framing

    @Option(help: "Clock for view models: real, or virtual (moved only by the 'advance' method).")
    var clock: ClockKind = defaults.clock

    @Option(name: .customLong("max-line-bytes"), help: "Longest message accepted, in bytes.")
    var maxLineBytes: Int = defaults.maxLineBytes

    @Option(name: .customLong("max-instances"), help: "Most view-model instances alive at once.")
    var maxInstances: Int = defaults.maxInstances

    @Option(name: .customLong("max-batch"), help: "Most messages in one JSON-RPC batch.")
    var maxBatch: Int = defaults.maxBatch

    @Option(name: .customLong("max-pending-calls"), help: "Most service calls delegated to the client awaiting an answer.")
    var maxPendingCalls: Int = defaults.maxPendingCalls

    @Option(name: .customLong("client-timeout"), help: "Seconds a delegated service call waits for the client's answer.")
    var clientTimeout: Double = defaults.clientTimeout

    @Option(name: .customLong("exit-grace"), help: "At end of input, seconds to let in-flight simulated service calls finish.")
    var exitGraceSeconds: Double = defaults.exitGraceSeconds

    @Option(name: .customLong("max-output-buffer"), help: "Bytes of output buffered before a write, at most.")
    var maxOutputBuffer: Int = defaults.maxOutputBuffer

    @Option(name: .customLong("data-file"), help: "File the built-in friends store persists to (created if missing).")
    var dataFile: String?

    @Option(name: .customLong("log-level"), help: "Least severe log level written to stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = defaults.logLevel

    /// The parsed options as plain settings.
    var settings: ServerSettings {
        ServerSettings(
            framing: framing,
            clock: clock,
            maxLineBytes: maxLineBytes,
            maxInstances: maxInstances,
            maxBatch: maxBatch,
            maxPendingCalls: maxPendingCalls,
            clientTimeout: clientTimeout,
            exitGraceSeconds: exitGraceSeconds,
            maxOutputBuffer: maxOutputBuffer,
            dataFile: dataFile,
            logLevel: logLevel
        )
    }

    func validate() throws {
        if let problem = settings.problem { throw ValidationError(problem) }
    }
}
