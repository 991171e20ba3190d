/// Newline framing: one message per `"\n"`-terminated line.
///
/// The hot path is a 64 KiB chunk of short lines with nothing pending: each line is found with
/// `memchr` and copied once, straight from the chunk into its message. Only a line that straddles
/// two feeds goes through `pending`.
extension FrameDecoder {
    /// The most `pending` ever needs in newline mode: a full-length line plus a `"\r"` that is
    /// stripped once the `"\n"` arrives.
    var lineGrowthLimit: Int { maxMessageLength.addingSaturated(1) }

    /// Decodes lines from `start` until the bytes run out or the state changes.
    mutating func decodeLines(
        _ bytes: UnsafeRawBufferPointer, from start: Int, _ emit: (InboundFrame) throws -> Void
    ) rethrows -> Int {
        var offset = start
        while offset < bytes.count {
            guard let end = bytes.firstIndex(of: ASCII.newline, from: offset) else {
                stashPartialLine(bytes.view(offset..<bytes.count))
                return bytes.count
            }
            let segment = bytes.view(offset..<end)
            offset = end + 1
            if let frame = completeLine(segment) {
                try emit(frame)
            }
        }
        return offset
    }

    /// Skips the rest of an over-long line, counting it, and reports it at its `"\n"`.
    mutating func skipLine(
        _ bytes: UnsafeRawBufferPointer, from start: Int, length: Int, endsWithCR: Bool,
        _ emit: (InboundFrame) throws -> Void
    ) rethrows -> Int {
        guard let end = bytes.firstIndex(of: ASCII.newline, from: start) else {
            let rest = bytes.view(start..<bytes.count)
            state = .skippingLine(
                length: length.addingSaturated(rest.count),
                endsWithCR: rest.last.map { $0 == ASCII.carriageReturn } ?? endsWithCR)
            return bytes.count
        }
        let segment = bytes.view(start..<end)
        let total = length.addingSaturated(segment.count)
        let strippedCR = segment.last.map { $0 == ASCII.carriageReturn } ?? endsWithCR
        state = .line
        try emit(.tooLong(length: strippedCR ? total - 1 : total))
        return end + 1
    }

    /// A line ended by `"\n"` (not included in `segment`): the frame it makes, if any.
    private mutating func completeLine(_ segment: UnsafeRawBufferPointer) -> InboundFrame? {
        guard !pending.isEmpty else {
            // Fast path: the whole line is in this chunk; check it in place, copy it once.
            let line = segment.last == ASCII.carriageReturn ? segment.view(0..<segment.count - 1) : segment
            if line.count > maxMessageLength {
                return .tooLong(length: line.count)
            }
            return line.isBlank ? nil : .message(Array(line))
        }
        let total = pending.count.addingSaturated(segment.count)
        let endsWithCR = segment.last.map { $0 == ASCII.carriageReturn } ?? (pending.last == ASCII.carriageReturn)
        let length = endsWithCR ? total - 1 : total
        if length > maxMessageLength {
            pending.clear()
            return .tooLong(length: length)
        }
        pending.append(segment, growthLimit: lineGrowthLimit)
        return lineFrame(pending.take())
    }

    /// A complete line (without `"\n"`) as a frame: strips one `"\r"`, skips blanks, checks length.
    /// `consuming` so stripping the `"\r"` edits the array in place instead of copying it.
    func lineFrame(_ line: consuming [UInt8]) -> InboundFrame? {
        if line.last == ASCII.carriageReturn {
            line.removeLast()
        }
        if line.count > maxMessageLength {
            return .tooLong(length: line.count)
        }
        return line.isBlank ? nil : .message(line)
    }

    /// Keeps the start of a line whose `"\n"` has not arrived, or starts skipping it once it is
    /// certainly too long (more than `limit + 1` bytes: even a stripped `"\r"` cannot save it).
    private mutating func stashPartialLine(_ rest: UnsafeRawBufferPointer) {
        let total = pending.count.addingSaturated(rest.count)
        guard total > lineGrowthLimit else {
            pending.append(rest, growthLimit: lineGrowthLimit)
            return
        }
        let endsWithCR = rest.last.map { $0 == ASCII.carriageReturn } ?? (pending.last == ASCII.carriageReturn)
        pending.clear()
        state = .skippingLine(length: total, endsWithCR: endsWithCR)
    }
}
