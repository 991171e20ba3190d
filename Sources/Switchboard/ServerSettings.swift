import Daemon
import Framing
import Host
import JSON
import Logging

/// Which clock view models run on.
enum ClockKind: String, CaseIterable {
    /// Wall-clock time.
    case real
    /// Virtual time that moves only with the `advance` method (deterministic scripts).
    case virtual
}

/// Which protocol the daemon speaks over its stdio.
enum WireProtocol: String, CaseIterable {
    /// The plain JSON-RPC 2.0 of protocol.md.
    case jsonrpc
    /// The Model Context Protocol (the `mcp` subcommand).
    case mcp

    /// The protocol a command line asks for when it names a daemon and gives no option at all
    /// (nothing, `serve` or `mcp`); nil for any other command line, which the parser reads.
    static func withoutOptions(_ arguments: [String]) -> WireProtocol? {
        switch arguments {
        case [], ["serve"]: .jsonrpc
        case ["mcp"]: .mcp
        default: nil
        }
    }
}

/// Everything the daemon's and the REPL's options decide, as plain values with their defaults.
///
/// `SessionOptions` and `ServerOptions` fill it from the command line.
struct ServerSettings: Equatable {
    /// The transport's defaults are declared once, in `ServerLimits`.
    private static let limits = ServerLimits()
    /// The session's defaults are declared once, in `SessionConfiguration`.
    private static let session = SessionConfiguration()
    var framing = FramingMode.newline
    var face = WireProtocol.jsonrpc
    var clock = ClockKind.real
    var maxLineBytes = limits.maxMessageLength
    var maxInstances = session.maxInstances
    var maxBatch = session.maxBatch
    var maxPendingCalls = session.maxPendingClientCalls
    var clientTimeout: Double = session.clientCallTimeout
    var exitGraceSeconds: Double = limits.exitGraceSeconds
    var maxOutputBuffer = limits.maxBufferedOutputBytes
    var dataFile: String?
    var database: String?
    var logLevel = Logger.Level.warning

    /// The first problem with these settings, phrased for the option that sets it.
    var problem: String? {
        if maxLineBytes < 64 { return "\(OptionName.maxLineBytes.flag) must be at least 64" }
        if maxInstances < 1 { return "\(OptionName.maxInstances.flag) must be at least 1" }
        if maxOutputBuffer < 1 { return "\(OptionName.maxOutputBuffer.flag) must be at least 1" }
        if dataFile != nil, database != nil { return "give \(OptionName.dataFile.flag) or \(OptionName.database.flag), not both: the friends store is one or the other" }
        if maxBatch < 1 { return "\(OptionName.maxBatch.flag) must be at least 1" }
        if maxPendingCalls < 1 { return "\(OptionName.maxPendingCalls.flag) must be at least 1" }
        if !(clientTimeout > 0 && clientTimeout.isFinite) { return "\(OptionName.clientTimeout.flag) must be a positive number of seconds" }
        if !(exitGraceSeconds >= 0 && exitGraceSeconds.isFinite) { return "\(OptionName.exitGrace.flag) must be zero or more seconds" }
        return nil
    }

    /// The options a replay of a recording needs to behave the same (the protocol, limits and
    /// timeouts, not framing, logging or the clock, which replay sets itself).
    var replayArguments: [String] {
        var arguments: [String] = []
        let defaults = ServerSettings()
        if face != defaults.face { arguments += [OptionName.face.flag, face.rawValue] }
        if maxInstances != defaults.maxInstances { arguments += [OptionName.maxInstances.flag, String(maxInstances)] }
        if maxBatch != defaults.maxBatch { arguments += [OptionName.maxBatch.flag, String(maxBatch)] }
        if maxPendingCalls != defaults.maxPendingCalls { arguments += [OptionName.maxPendingCalls.flag, String(maxPendingCalls)] }
        if clientTimeout != defaults.clientTimeout { arguments += [OptionName.clientTimeout.flag, String(clientTimeout)] }
        if maxLineBytes != defaults.maxLineBytes { arguments += [OptionName.maxLineBytes.flag, String(maxLineBytes)] }
        return arguments
    }

    func sessionConfiguration(identity: ServerIdentity) -> SessionConfiguration {
        var configuration = SessionConfiguration()
        configuration.identity = identity
        configuration.maxInstances = maxInstances
        configuration.maxBatch = maxBatch
        configuration.maxPendingClientCalls = maxPendingCalls
        configuration.clientCallTimeout = clientTimeout
        if let dataFile { configuration.settings["dataFile"] = .string(dataFile) }
        if let database { configuration.settings["database"] = .string(database) }
        return configuration
    }

    /// The transport's limits with these settings applied.
    var serverLimits: ServerLimits {
        var limits = Self.limits
        limits.maxMessageLength = maxLineBytes
        limits.maxBufferedOutputBytes = maxOutputBuffer
        limits.exitGraceSeconds = exitGraceSeconds
        return limits
    }

    /// A logger writing to stderr through `sink`: stdout carries protocol lines only, and an
    /// unread stderr never blocks the protocol.
    func makeLogger(sink: LogSink, label: String) -> Logger {
        var logger = Logger(label: label) { label in LogSinkHandler(label: label, sink: sink) }
        logger.logLevel = logLevel
        return logger
    }
}
