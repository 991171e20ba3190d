import Framing
import RPC

/// A frame as the reader thread hands it to the executor: a message already parsed (with its
/// bytes, for the traffic observer), or what the framing layer reported instead.
///
/// Parsing needs no session state, so the reader thread does it while the executor runs the
/// previous chunk's requests: with two cores, a pipelined stream costs about its dispatch
/// time instead of its parse time plus its dispatch time.
enum ReaderHandoff: Sendable {
    /// A message and what `MessageParser` made of it.
    case message(bytes: [UInt8], parsed: ParsedPayload)
    /// A message longer than the limit, skipped unread.
    case tooLong(length: Int)
    /// A Content-Length header that could not be understood.
    case invalidHeader(reason: String)

    /// Parses `frame` with at most `maxBatch` messages per batch.
    init(_ frame: InboundFrame, maxBatch: Int) {
        switch frame {
        case let .message(bytes): self = .message(bytes: bytes, parsed: MessageParser.parse(bytes, maxBatch: maxBatch))
        case let .tooLong(length): self = .tooLong(length: length)
        case let .invalidHeader(reason): self = .invalidHeader(reason: reason)
        }
    }

    /// What the parser made of a message; nil for the other frames.
    var parsed: ParsedPayload? {
        if case let .message(_, parsed) = self { return parsed }
        return nil
    }
}

extension InboundFrame {
    /// The bytes this frame holds in memory (what the read-ahead budget counts).
    var byteCount: Int {
        if case let .message(bytes) = self { return bytes.count }
        return 0
    }
}
