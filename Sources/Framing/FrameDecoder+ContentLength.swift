/// Content-Length framing (LSP base protocol): a header block, then exactly N body bytes.
///
/// Header lines are short and copied into arrays to be parsed; bodies are copied once, straight
/// from the chunk when they lie wholly inside it. Oversized and rejected bodies are only counted.
extension FrameDecoder {
    /// Reads header lines from `start` until the block ends, the bytes run out or the block
    /// proves too long.
    mutating func decodeHeader(
        _ bytes: UnsafeRawBufferPointer, from start: Int, block: HeaderBlock,
        _ emit: (Frame) throws -> Void
    ) rethrows -> Int {
        var block = block
        var offset = start
        while offset < bytes.count {
            let end = bytes.firstIndex(of: ASCII.newline, from: offset)
            let segment = bytes.view(offset..<(end ?? bytes.count))
            let lineLength = pending.count.addingSaturated(segment.count)
            let blockLength = block.byteCount.addingSaturated(lineLength).addingSaturated(end == nil ? 0 : 1)
            if blockLength > Self.maxHeaderBlockLength {
                // Stop storing: the rest of the block is discarded through its empty line by
                // `skipHeader`, which starts on this same segment.
                state = .skippingHeader(LineShape.of(pending.bytes))
                pending.clear()
                try emit(.invalidHeader("header block longer than \(Self.maxHeaderBlockLength) bytes"))
                return offset
            }
            guard let end else {
                pending.append(segment, growthLimit: Self.maxHeaderBlockLength)
                state = .header(block)
                return bytes.count
            }
            offset = end + 1
            var line: [UInt8]
            if pending.isEmpty {
                line = Array(segment)
            } else {
                pending.append(segment, growthLimit: Self.maxHeaderBlockLength)
                line = pending.take()
            }
            if line.last == ASCII.carriageReturn {
                line.removeLast()
            }
            if !line.isEmpty {
                block.add(line)
                block.byteCount = blockLength
            } else if block.hasLines {
                if let frame = endBlock(block) {
                    try emit(frame)
                }
                return offset
            }
            // else: an empty line before the block's first header line; skipped.
        }
        state = .header(block)
        return offset
    }

    /// The block's empty line has arrived: sets the next state and returns what to report.
    private mutating func endBlock(_ block: HeaderBlock) -> Frame? {
        let nextHeader = State.header(HeaderBlock())
        if let problem = block.problem {
            // Skip the body the sender meant, if it told us its length, to stay in step with it.
            let length = block.contentLength ?? 0
            state = length > 0 ? .skippingBody(remaining: length) : nextHeader
            return .invalidHeader(problem)
        }
        guard let length = block.contentLength else {
            state = nextHeader
            return .invalidHeader("missing Content-Length header")
        }
        if length > maxMessageLength {
            state = .skippingBody(remaining: length)
            return .tooLong(length: length)
        }
        if length == 0 {
            state = nextHeader
            return .message([])
        }
        state = .body(length: length)
        return nil
    }

    /// Collects body bytes; emits the message once all `length` have arrived.
    mutating func decodeBody(
        _ bytes: UnsafeRawBufferPointer, from start: Int, length: Int, _ emit: (Frame) throws -> Void
    ) rethrows -> Int {
        let available = bytes.count - start
        if pending.isEmpty && available >= length {
            // The whole body is in this chunk: one copy, no buffering.
            let body = Array(bytes.view(start..<start + length))
            state = .header(HeaderBlock())
            try emit(.message(body))
            return start + length
        }
        let taken = Swift.min(length - pending.count, available)
        pending.append(bytes.view(start..<start + taken), growthLimit: length)
        if pending.count >= length {
            let body = pending.take()
            state = .header(HeaderBlock())
            try emit(.message(body))
        }
        return start + taken
    }

    /// Discards a body already reported (too long, or after a rejected header).
    mutating func skipBody(_ bytes: UnsafeRawBufferPointer, from start: Int, remaining: Int) -> Int {
        let skipped = Swift.min(remaining, bytes.count - start)
        state = skipped == remaining ? .header(HeaderBlock()) : .skippingBody(remaining: remaining - skipped)
        return start + skipped
    }

    /// Discards a header block already reported as too long, through its empty line.
    mutating func skipHeader(_ bytes: UnsafeRawBufferPointer, from start: Int, shape: LineShape) -> Int {
        var shape = shape
        var offset = start
        while offset < bytes.count {
            guard let end = bytes.firstIndex(of: ASCII.newline, from: offset) else {
                let rest = bytes.view(offset..<bytes.count)
                state = .skippingHeader(shape.after(rest.count, first: rest.first))
                return bytes.count
            }
            let segment = bytes.view(offset..<end)
            offset = end + 1
            if shape.after(segment.count, first: segment.first).isEmptyLine {
                state = .header(HeaderBlock())
                return offset
            }
            shape = .empty
        }
        state = .skippingHeader(shape)
        return offset
    }
}
