/// Content-Length framing (LSP base protocol): a header block, then exactly N body bytes.
///
/// Header lines are short and copied into arrays to be parsed; bodies are copied once, straight
/// from the chunk when they lie wholly inside it. Oversized and rejected bodies are only counted.
extension FrameDecoder {
    /// Reads header lines from `start` until the block ends, the bytes run out or the block
    /// proves too long.
    mutating func decodeHeader(
        _ bytes: UnsafeRawBufferPointer, from start: Int, block: HeaderBlock,
        _ emit: (InboundFrame) throws -> Void
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
                var skipped = SkippedBlock(contentLength: block.contentLength)
                if pending.count > SkippedBlock.keptLinePrefix {
                    skipped.lineOverflowed = true
                    pending.clear()
                }
                state = .skippingHeader(skipped)
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
    private mutating func endBlock(_ block: HeaderBlock) -> InboundFrame? {
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
        _ bytes: UnsafeRawBufferPointer, from start: Int, length: Int, _ emit: (InboundFrame) throws -> Void
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

    /// Discards a header block already reported as too long, through its empty line; then skips
    /// the body if one of its lines declared a valid Content-Length.
    mutating func skipHeader(_ bytes: UnsafeRawBufferPointer, from start: Int, block: SkippedBlock) -> Int {
        var block = block
        var offset = start
        while offset < bytes.count {
            let end = bytes.firstIndex(of: ASCII.newline, from: offset)
            keepLinePrefix(bytes.view(offset..<(end ?? bytes.count)), of: &block)
            guard let end else {
                state = .skippingHeader(block)
                return bytes.count
            }
            offset = end + 1
            var line = pending.take()
            if block.lineOverflowed {
                block.lineOverflowed = false
                continue
            }
            if line.last == ASCII.carriageReturn {
                line.removeLast()
            }
            if line.isEmpty {
                let length = block.contentLength ?? 0
                state = length > 0 ? .skippingBody(remaining: length) : .header(HeaderBlock())
                return offset
            }
            if block.contentLength == nil, case .contentLength(let length) = HeaderField.parse(line) {
                block.contentLength = length
            }
        }
        state = .skippingHeader(block)
        return offset
    }

    /// Keeps the start of a skipped line, up to `SkippedBlock.keptLinePrefix` bytes.
    private mutating func keepLinePrefix(_ segment: UnsafeRawBufferPointer, of block: inout SkippedBlock) {
        guard !block.lineOverflowed else { return }
        if pending.count.addingSaturated(segment.count) > SkippedBlock.keptLinePrefix {
            block.lineOverflowed = true
            pending.clear()
        } else {
            pending.append(segment, growthLimit: SkippedBlock.keptLinePrefix)
        }
    }
}
