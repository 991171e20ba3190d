extension JSONWriter {
    /// The most bytes one input byte can become: a control character is written `\u00XX`
    /// (and U+2028/U+2029, three bytes, become six).
    static let maxEscapedBytesPerByte = 6

    /// How much input ``writeString(_:to:)`` escapes per reservation of the array, so that a
    /// long string reserves at most six times this much beyond what it needs.
    static let stringChunkBytes = 4096

    /// Appends `text` as a quoted JSON string.
    ///
    /// The escaping is ``writeEscaped(_:to:)``'s, into the array's spare capacity, one
    /// reservation per ``stringChunkBytes`` of input.
    static func writeString(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        // `withUTF8` only copies if the string is not already contiguous UTF-8.
        text.withUTF8 { writeString(utf8: $0, to: &buffer) }
    }

    /// Appends the UTF-8 text `utf8` (valid UTF-8) as a quoted JSON string, as
    /// ``writeString(_:to:)`` does a `String`.
    static func writeString(utf8: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var start = 0
        while start < utf8.count {
            var end = Swift.min(start + stringChunkBytes, utf8.count)
            // Never split a scalar (U+2028 is recognised by its three bytes together).
            while end < utf8.count, utf8[end] & 0xC0 == 0x80 { end -= 1 }
            let chunk = UnsafeBufferPointer(rebasing: utf8[start..<end])
            appendWriting(atMost: chunk.count * maxEscapedBytesPerByte, to: &buffer) { out in
                writeEscaped(chunk, to: out)
            }
            start = end
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes of `word` may need an escape: a byte below 0x20, `"`,
    /// `\` or 0xE2 (the lead byte of U+2028/U+2029). Exact for "any" (the classic
    /// has-less-than and has-zero-byte tests), so a clean word is skipped whole.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let lineSeparatorLead = word ^ (ones &* 0xE2)
        let zeros = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            | ((lineSeparatorLead &- ones) & ~lineSeparatorLead)
        return (control | zeros) & highs != 0
    }

    /// The eight bytes at `pointer`, as one word.
    @inline(__always)
    private static func word(at pointer: UnsafePointer<UInt8>) -> UInt64 {
        UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
    }

    /// Copies `count` bytes: up to sixteen with two overlapping word moves (no call to
    /// `memcpy`, which costs more than that for the short strings of a wire line).
    @inline(__always)
    private static func copyBytes(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        if count >= 8, count <= 16 {
            let first = word(at: source)
            let last = word(at: source + count - 8)
            UnsafeMutableRawPointer(target).storeBytes(of: first, as: UInt64.self)
            UnsafeMutableRawPointer(target + count - 8).storeBytes(of: last, as: UInt64.self)
        } else if count < 8 {
            for index in 0..<count { target[index] = source[index] }
        } else {
            target.update(from: source, count: count)
        }
    }

    /// Whether `byte` may need an escape (see ``mayNeedEscape(_:)``).
    @inline(__always)
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2
    }

    /// Writes the JSON escaping of `utf8` (without quotes) at `out`, which must have room for
    /// `utf8.count * maxEscapedBytesPerByte` bytes; returns how many it wrote.
    ///
    /// Escapes `"`, `\`, every control character below U+0020 (`\n`, `\r`, `\t`, `\b`, `\f`,
    /// else `\u00XX` with lowercase hex digits) and U+2028/U+2029 (which JavaScript treats as
    /// line breaks). Clean input is scanned eight bytes at a time and copied in bulk.
    static func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let count = utf8.count
        // Most strings on the wire (ids, names, methods) need no escape: find that out with
        // whole words, the last one overlapping the one before, and copy them in one go.
        if count >= 8 {
            var offset = 0
            while offset + 8 <= count, !mayNeedEscape(word(at: base + offset)) { offset += 8 }
            if offset + 8 > count, offset == count || !mayNeedEscape(word(at: base + count - 8)) {
                copyBytes(from: base, to: out, count: count)
                return count
            }
        }
        var written = 0
        var runStart = 0
        var index = 0
        func copyRun(upTo end: Int) {
            guard runStart < end else { return }
            copyBytes(from: base + runStart, to: out + written, count: end - runStart)
            written += end - runStart
        }
        func put(_ byte: UInt8) {
            out[written] = byte
            written += 1
        }
        while index < count {
            while index + 8 <= count,
                  !mayNeedEscape(word(at: base + index)) {
                index += 8
            }
            // At most a word's worth of bytes, one by one, to the first that may need an escape.
            let stop = Swift.min(index + 8, count)
            while index < stop, !mayNeedEscape(base[index]) { index += 1 }
            guard index < stop else { continue }
            let byte = base[index]
            var escapeLength = 1
            if byte == 0xE2 {
                // U+2028 is E2 80 A8 and U+2029 is E2 80 A9; other E2 sequences (e.g. "€"
                // E2 82 AC) are ordinary text.
                guard index + 2 < count, base[index + 1] == 0x80,
                      base[index + 2] == 0xA8 || base[index + 2] == 0xA9
                else {
                    index += 1
                    continue
                }
                escapeLength = 3
            }
            copyRun(upTo: index)
            put(UInt8(ascii: "\\"))
            switch byte {
            case 0xE2:
                put(UInt8(ascii: "u")); put(UInt8(ascii: "2")); put(UInt8(ascii: "0")); put(UInt8(ascii: "2"))
                put(base[index + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
            case 0x22: put(UInt8(ascii: "\""))
            case 0x5C: put(UInt8(ascii: "\\"))
            case 0x0A: put(UInt8(ascii: "n"))
            case 0x0D: put(UInt8(ascii: "r"))
            case 0x09: put(UInt8(ascii: "t"))
            case 0x08: put(UInt8(ascii: "b"))
            case 0x0C: put(UInt8(ascii: "f"))
            default:
                // Remaining control characters: \u00XX with lowercase hex digits.
                put(UInt8(ascii: "u")); put(UInt8(ascii: "0")); put(UInt8(ascii: "0"))
                put(hexDigit(byte >> 4))
                put(hexDigit(byte & 0x0F))
            }
            index += escapeLength
            runStart = index
        }
        copyRun(upTo: count)
        return written
    }

    /// The lowercase hexadecimal digit for a value in 0...15.
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
