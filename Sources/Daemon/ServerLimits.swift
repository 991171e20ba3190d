import Framing

/// Every bound the transport keeps, named, with its default. protocol.md §2 and RELIABILITY.md
/// quote these numbers; the session's own limits (instances, batch size, pending calls, a
/// batch's answer) are in `Host.SessionConfiguration`.
public struct ServerLimits: Sendable {
    /// The longest message accepted, in bytes (`--max-line-bytes`). Longer ones are skipped
    /// without being stored and answered with one `-32600`.
    public var maxMessageLength = 16 * 1024 * 1024
    /// Bytes asked of each `read(2)` of stdin.
    public var readChunkBytes = 64 * 1024
    /// Input bytes read ahead of the executor, at most (one message longer than this still
    /// passes, alone). With the pipe's own buffer, this bounds what a client that stopped
    /// reading can push into the daemon.
    public var maxReadAheadBytes = 2 * 1024 * 1024
    /// Read chunks waiting for the executor, at most.
    public var maxReadAheadChunks = 64
    /// Output is written as soon as this many bytes wait (`--max-output-buffer`); otherwise at
    /// the end of each chunk of input or scheduled action.
    public var maxBufferedOutputBytes = 1024 * 1024
    /// The output buffer's capacity kept between writes, at most (a burst's is released).
    public var retainedOutputCapacity = 256 * 1024
    /// At end of input or a signal, seconds to let scheduled one-shot work (a simulated
    /// service's latency) finish before exiting (`--exit-grace`).
    public var exitGraceSeconds = 5.0
    /// Seconds to wait for stderr to take the last log lines before exiting.
    public var logDrainSeconds = 0.5

    /// The defaults.
    public init() {}
}
