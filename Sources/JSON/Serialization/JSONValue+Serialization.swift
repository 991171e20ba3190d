extension JSONValue {
    /// The compact JSON text of this value as UTF-8 bytes.
    ///
    /// Output has no insignificant whitespace, keeps object insertion order, is valid
    /// UTF-8 and never contains a raw line break, so one value is always one line
    /// (see ``write(to:)`` for the exact rules).
    public func serialized() -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(64)
        write(to: &buffer)
        return buffer
    }

    /// The compact JSON text of this value; see ``serialized()``.
    public func serializedString() -> String {
        String(decoding: serialized(), as: UTF8.self)
    }

    /// Appends the compact JSON text of this value to `buffer`.
    ///
    /// - Strings escape `"`, `\`, every control character below U+0020 (as `\n`, `\r`,
    ///   `\t`, `\b`, `\f` or `\u00XX`) and U+2028/U+2029 (as `\u2028`/`\u2029`, which
    ///   JavaScript treats as line breaks). `/` and other characters are written as is.
    /// - Integers are exact over all of `Int64`.
    /// - Doubles use the shortest text that reads back to the same `Double`, with `.0`
    ///   added when needed so that they read back as doubles and not integers.
    /// - NaN and ±infinity have no JSON spelling and are written as `null`.
    public func write(to buffer: inout [UInt8]) {
        JSONWriter.write(self, to: &buffer)
    }
}

/// The serializer: pure Swift, appending to a byte array, no C allocations.
enum JSONWriter {
    /// Appends `value`. Recursion depth equals nesting depth; parsed values nest at
    /// most 2048 levels and each frame here is small (tested on a 512 KiB stack).
    static func write(_ value: JSONValue, to buffer: inout [UInt8]) {
        switch value {
        case .null:
            appendASCII("null", to: &buffer)
        case .bool(let flag):
            appendASCII(flag ? "true" : "false", to: &buffer)
        case .integer(let number):
            writeInteger(number, to: &buffer)
        case .double(let number):
            writeDouble(number, to: &buffer)
        case .string(let text):
            writeString(text, to: &buffer)
        case .array(let elements):
            buffer.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                write(element, to: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case .object(let object):
            buffer.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in object {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, to: &buffer)
                buffer.append(UInt8(ascii: ":"))
                write(member, to: &buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a literal made of ASCII characters.
    static func appendASCII(_ text: StaticString, to buffer: inout [UInt8]) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }
}
