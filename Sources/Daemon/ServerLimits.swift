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
    /// After answering a request that came alone in its read (a client waiting for each answer:
    /// an editor, a script), microseconds the reader keeps checking stdin before it sleeps
    /// (`--spin-microseconds`; 0 never). The client's next request usually comes within them
    /// and is then read without the daemon's thread being put to sleep and woken, which on a
    /// virtual machine is most of a round trip; the cost is at most this much processor time
    /// per such request. Off when the process may use only one processor (the client would
    /// wait for it). Chunks of many requests (a pipelined stream) never spin. It adapts
    /// (`ReadSpin`): after four spins in a row that found nothing, only one lone request in
    /// sixteen spins, until a spin finds input again.
    public var spinMicroseconds = 50
    /// The largest `spinMicroseconds` accepted: past a millisecond a spin costs more than the
    /// wake-up it can spare.
    public static let maxSpinMicroseconds = 1_000
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
