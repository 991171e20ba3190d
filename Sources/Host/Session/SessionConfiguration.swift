import FoundationEssentials
import JSON

/// Limits and settings of one session. Every limit, when exceeded, is answered with a clear
/// error (code -32001) and never stops the session.
public struct SessionConfiguration: Sendable {
    /// How many instances may be alive at once.
    public var maxInstances = 100_000
    /// How many messages one batch may hold.
    public var maxBatch = 100_000
    /// How many calls to the client may wait for an answer at once.
    public var maxPendingClientCalls = 10_000
    /// How long a call to the client may wait for its answer, in seconds (on the session's
    /// clock, so virtual time controls it under `--clock virtual`).
    public var clientCallTimeout: TimeInterval = 30
    /// Host-wide settings handed to every `make` closure (for example `dataDirectory`).
    public var settings: JSONObject = [:]

    /// The defaults.
    public init() {}
}
