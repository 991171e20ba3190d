/// A pure, incremental decoder: feed it any chunking of a byte stream, get ``InboundFrame``s out.
///
/// It does no I/O, so it can be tested byte by byte; ``FrameReader`` drives it from a file
/// descriptor. Any split of the same stream into feeds yields the same frames.
///
/// **Newline mode.** The stream is split on `"\n"`; one trailing `"\r"` is stripped. A line made
/// only of spaces, tabs and CRs is *blank* and skipped, because a person typing into the daemon
/// presses Enter on empty lines and an empty JSON-RPC message is never valid anyway. A line longer
/// than `maxMessageLength` (measured without `"\n"` and the stripped `"\r"`) yields one
/// `.tooLong(length:)` once its end is seen; its bytes are counted, never stored (so a blank line
/// longer than the limit is reported too: it cannot be inspected without storing it). At
/// ``finish(_:)`` a partial last line is handled like a complete one.
///
/// **Auto mode.** Blank bytes before the first non-blank one are skipped; whole blank lines are
/// dropped, but the blank start of the first message's own line is kept in newline mode, so its
/// bytes reach the caller untouched (in Content-Length mode they are dropped: no header starts
/// with a blank).
///
/// **Content-Length mode.** Header lines end in `"\r\n"` (a bare `"\n"` is accepted); an empty
/// line ends the block. Empty lines *before* a block's first header line are skipped. Header names
/// are case-insensitive; `Content-Length` is required and must be plain decimal digits (spaces
/// and tabs around it trimmed); other headers are ignored. `Content-Length: 0` is an empty
/// `.message([])`. Problems are reported as soon as the block's end shows them:
/// - a malformed block (no Content-Length, a bad or negative value, two different values, a line
///   without `:`) → one `.invalidHeader`; the block is discarded through its empty line and, if
///   it nonetheless held a valid Content-Length (the first, if several), that many body bytes are
///   skipped too, so the decoder stays aligned with the sender's framing;
/// - a block longer than ``maxHeaderBlockLength`` → one `.invalidHeader` when the limit is
///   crossed; the rest is discarded, unstored, through the block's empty line, and the body is
///   skipped too if a valid Content-Length line was among the block's lines;
/// - a Content-Length above `maxMessageLength` → `.tooLong(length: N)` as soon as the header is
///   complete, then `N` body bytes are skipped, unstored.
///
/// At ``finish(_:)`` a partial header block or body yields one `.invalidHeader` whose text
/// contains "truncated"; a body that was already being skipped yields nothing more.
///
/// **Memory** is bounded by `maxMessageLength + 1` for a line, ``maxHeaderBlockLength`` for a
/// header and the declared length for a body, whatever the peer sends.
///
/// **If `emit` throws**, the frame it was given counts as delivered, the rest of that feed's bytes
/// are not consumed, and the decoder stays consistent for the next feed.
public struct FrameDecoder: Sendable {
    /// The framing in use. `.auto` until the first non-blank byte has been seen; then
    /// `.newline` or `.contentLength` for the rest of the decoder's life.
    public private(set) var mode: FramingMode

    /// The longest message delivered; longer ones become ``InboundFrame/tooLong(length:)``.
    public let maxMessageLength: Int

    /// The longest header block accepted in Content-Length mode, terminators included.
    public static let maxHeaderBlockLength = 8 * 1024

    /// Where the decoder is in the stream. Each case says what `pending` holds in it.
    enum State: Sendable {
        /// `.auto`, nothing decided: `pending` holds the current line's blank prefix.
        case detecting
        /// Newline mode: `pending` holds the current partial line (at most `limit + 1` bytes,
        /// the `+ 1` being a `"\r"` that may yet be stripped).
        case line
        /// Newline mode, inside an over-long line: only its length so far is kept.
        case skippingLine(length: Int, endsWithCR: Bool)
        /// Content-Length mode: `pending` holds the current partial header line.
        case header(HeaderBlock)
        /// Content-Length mode, inside a block already reported as too long: `pending` holds at
        /// most the first `SkippedBlock.keptLinePrefix` bytes of the current line.
        case skippingHeader(SkippedBlock)
        /// Content-Length mode: `pending` holds the body bytes received so far.
        case body(length: Int)
        /// Content-Length mode: a body already reported, being skipped unstored.
        case skippingBody(remaining: Int)
    }

    var state: State
    var pending = ByteAccumulator()

    /// Creates a decoder.
    /// - Parameters:
    ///   - mode: The framing; `.auto` decides on the first non-blank byte.
    ///   - maxMessageLength: Longer messages are skipped and reported; must not be negative.
    ///     `Int.max` means no limit.
    public init(mode: FramingMode = .newline, maxMessageLength: Int = 16 * 1024 * 1024) {
        // A negative limit is a programming error in the caller, never something input can cause.
        precondition(maxMessageLength >= 0, "FrameDecoder: maxMessageLength must not be negative")
        self.mode = mode
        self.maxMessageLength = maxMessageLength
        self.state = Self.initialState(for: mode)
    }

    /// The largest storage the internal buffer has ever had: tests assert it stays bounded.
    var peakBufferCapacity: Int { pending.peakCapacity }

    /// The internal buffer's current storage.
    var bufferCapacity: Int { pending.capacity }

    /// Decodes `bytes`, calling `emit` for each frame completed by them, in stream order.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (InboundFrame) throws -> Void) rethrows {
        var offset = 0
        // Each step consumes at least one byte or changes state without consuming (a hand-over,
        // which never repeats), so the loop ends.
        while offset < bytes.count {
            switch state {
            case .detecting:
                offset = detect(bytes, from: offset)
            case .line:
                offset = try decodeLines(bytes, from: offset, emit)
            case .skippingLine(let length, let endsWithCR):
                offset = try skipLine(bytes, from: offset, length: length, endsWithCR: endsWithCR, emit)
            case .header(let block):
                offset = try decodeHeader(bytes, from: offset, block: block, emit)
            case .skippingHeader(let block):
                offset = skipHeader(bytes, from: offset, block: block)
            case .body(let length):
                offset = try decodeBody(bytes, from: offset, length: length, emit)
            case .skippingBody(let remaining):
                offset = skipBody(bytes, from: offset, remaining: remaining)
            }
        }
    }

    /// Decodes `bytes`; the same as the `UnsafeRawBufferPointer` overload (one copy per message).
    public mutating func feed(_ bytes: [UInt8], _ emit: (InboundFrame) throws -> Void) rethrows {
        try bytes.withUnsafeBytes { buffer in try feed(buffer, emit) }
    }

    /// Signals the end of input and delivers what it completes.
    ///
    /// Newline mode: a partial last line is delivered as a message (or skipped when blank, or
    /// reported as `.tooLong`). Content-Length mode: a partial header block or body is reported as
    /// `.invalidHeader("truncated …")`. Afterwards the decoder is ready for a new stream in the
    /// same mode (an `.auto` decoder keeps the framing it decided).
    public mutating func finish(_ emit: (InboundFrame) throws -> Void) rethrows {
        let last = endOfInputFrame()
        state = Self.initialState(for: mode)
        pending.clear()
        if let last {
            try emit(last)
        }
    }

    private mutating func endOfInputFrame() -> InboundFrame? {
        switch state {
        case .detecting, .skippingHeader, .skippingBody:
            // Nothing, or only blanks, or something already reported.
            return nil
        case .line:
            return pending.isEmpty ? nil : lineFrame(pending.take())
        case .skippingLine(let length, let endsWithCR):
            return .tooLong(length: endsWithCR ? length - 1 : length)
        case .header(let block):
            if !block.hasLines && pending.bytes.isBlank {
                return nil
            }
            return .invalidHeader("truncated header block: end of input before the empty line")
        case .body(let length):
            return .invalidHeader(
                "truncated message: end of input after \(pending.count) of \(length) body bytes")
        }
    }

    static func initialState(for mode: FramingMode) -> State {
        switch mode {
        case .newline: return .line
        case .contentLength: return .header(HeaderBlock())
        case .auto: return .detecting
        }
    }

    /// Auto mode: skips blank bytes until the first non-blank one decides the framing.
    private mutating func detect(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var offset = start
        while let byte = bytes.byte(at: offset) {
            if !ASCII.isBlank(byte) {
                decide(byte == UInt8(ascii: "C") || byte == UInt8(ascii: "c") ? .contentLength : .newline)
                return offset
            }
            if byte == ASCII.newline {
                pending.clear()
            } else if pending.count > maxMessageLength {
                // A blank prefix longer than any message: whatever follows on this line is too
                // long, and only newline mode has lines that long, so decide now and stop storing.
                decide(.newline)
                state = .skippingLine(length: pending.count, endsWithCR: pending.last == ASCII.carriageReturn)
                pending.clear()
                return offset
            } else {
                pending.append(byte, growthLimit: lineGrowthLimit)
            }
            offset += 1
        }
        return offset
    }

    private mutating func decide(_ resolved: FramingMode) {
        mode = resolved
        state = Self.initialState(for: resolved)
        if resolved == .contentLength {
            // Leading blanks are not part of a header; in newline mode they stay, as part of the
            // first line, so its bytes reach the caller untouched.
            pending.clear()
        }
    }
}
