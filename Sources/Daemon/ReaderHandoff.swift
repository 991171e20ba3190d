import Framing
import Host
import RPC

/// A frame as the reader thread hands it to the executor: a message already parsed (with its
/// bytes when a traffic observer wants them), or what the framing layer reported instead.
///
/// Parsing needs no session state, so the reader thread does it while the executor runs the
/// previous chunk's requests: with two cores, a pipelined stream costs about its dispatch
/// time instead of its parse time plus its dispatch time.
enum ReaderHandoff: Sendable {
    /// A message and what `MessageParser` made of it; `bytes` is empty unless kept for an
    /// observer.
    case message(bytes: [UInt8], parsed: ParsedPayload)
    /// A message longer than the limit, skipped unread.
    case tooLong(length: Int)
    /// A Content-Length header that could not be understood.
    case invalidHeader(reason: String)

    /// Parses `frame` with at most `maxBatch` messages per batch, keeping its bytes only if
    /// `keepingBytes`. Without an observer nobody reads them after the parse, and letting them
    /// go here frees them on the thread that allocated them: a block the executor's thread
    /// frees goes to that thread's cache, and the reader's next allocation of its size then
    /// takes the allocator's slower path.
    init(_ frame: InboundFrame, maxBatch: Int, keepingBytes: Bool) {
        switch frame {
        case let .message(bytes):
            self = .message(bytes: keepingBytes ? bytes : [], parsed: MessageParser.parse(bytes, maxBatch: maxBatch))
        case let .tooLong(length): self = .tooLong(length: length)
        case let .invalidHeader(reason): self = .invalidHeader(reason: reason)
        }
    }
}

extension InboundFrame {
    /// The bytes this frame holds in memory (what the read-ahead budget counts).
    var byteCount: Int {
        if case let .message(bytes) = self { return bytes.count }
        return 0
    }
}
