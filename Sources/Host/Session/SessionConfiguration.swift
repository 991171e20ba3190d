import FoundationEssentials
import JSON

/// Limits and settings of one session. Every limit, when exceeded, is answered with a clear
/// error (code -32001) and never stops the session.
public struct SessionConfiguration: Sendable {
    /// How many instances may be alive at once.
    public var maxInstances = 100_000
    /// How many messages one batch may hold.
    public var maxBatch = 100_000
    /// The bytes of one batch's answer, at most. A batch's answer is one line, so it is
    /// built in memory; once its responses reach this size, the batch's remaining requests
    /// are not run and each is answered with a -32001 error (a 20,000-element batch of
    /// `describe` must not build hundreds of megabytes).
    public var maxBatchResponseBytes = 16 * 1024 * 1024
    /// The virtual clock moves at most this far from its start, in milliseconds (about
    /// 3,170 years): below it every millisecond is exactly representable, and `advance`
    /// past it is refused instead of overflowing.
    public var maxVirtualMilliseconds: Int64 = 100_000_000_000_000
    /// How many service calls (delegated to the client, or simulated with a latency) and
    /// timers may be in flight at once: past it an input is refused (-32001) before it runs.
    public var maxPendingClientCalls = 10_000
    /// How long a call to the client may wait for its answer, in seconds (on the session's
    /// clock, so virtual time controls it under `--clock virtual`).
    public var clientCallTimeout: TimeInterval = 30
    /// Who is serving, as `rpc.discover` and the MCP adapter report it.
    public var identity = ServerIdentity.switchboard
    /// Host-wide settings handed to every `make` closure (for example `dataDirectory`).
    public var settings: JSONObject = [:]

    /// The defaults.
    public init() {}
}
