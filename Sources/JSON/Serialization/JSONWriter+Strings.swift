extension JSONWriter {
    /// Appends `text` as a quoted JSON string.
    ///
    /// The UTF-8 is scanned once; runs of bytes that need no escape are copied in bulk,
    /// so typical strings cost one scan plus one `append(contentsOf:)`.
    static func writeString(_ text: String, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var text = text
        // `withUTF8` only copies if the string is not already contiguous UTF-8.
        text.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            let count = utf8.count
            while index < count {
                let byte = utf8[index]
                // Fast test: everything at or above 0x20 except `"`, `\` and 0xE2 (the
                // lead byte of U+2028/U+2029) is copied untouched.
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 else {
                    index += 1
                    continue
                }
                var escapeLength = 1
                if byte == 0xE2 {
                    // U+2028 is E2 80 A8 and U+2029 is E2 80 A9; other E2 sequences
                    // (e.g. "€" E2 82 AC) are ordinary text.
                    guard index + 2 < count, utf8[index + 1] == 0x80,
                          utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9
                    else {
                        index += 1
                        continue
                    }
                    escapeLength = 3
                }
                if runStart < index {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                }
                if escapeLength == 3 {
                    appendASCII(utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029", to: &buffer)
                } else {
                    appendEscape(for: byte, to: &buffer)
                }
                index += escapeLength
                runStart = index
            }
            if runStart < count {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends the escape for an ASCII byte that may not appear raw in a JSON string.
    private static func appendEscape(for byte: UInt8, to buffer: inout [UInt8]) {
        switch byte {
        case 0x22: appendASCII("\\\"", to: &buffer)
        case 0x5C: appendASCII("\\\\", to: &buffer)
        case 0x0A: appendASCII("\\n", to: &buffer)
        case 0x0D: appendASCII("\\r", to: &buffer)
        case 0x09: appendASCII("\\t", to: &buffer)
        case 0x08: appendASCII("\\b", to: &buffer)
        case 0x0C: appendASCII("\\f", to: &buffer)
        default:
            // Remaining control characters: \u00XX with lowercase hex digits.
            appendASCII("\\u00", to: &buffer)
            buffer.append(hexDigit(byte >> 4))
            buffer.append(hexDigit(byte & 0x0F))
        }
    }

    /// The lowercase hexadecimal digit for a value in 0...15.
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
