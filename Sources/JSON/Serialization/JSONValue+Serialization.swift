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

    /// Appends `text` as a JSON string: the bytes of `JSONValue.string(text).write(to:)`,
    /// for writers of fixed envelopes (the daemon's wire lines), which would otherwise wrap
    /// each field in a value only to unwrap it again.
    public static func writeString(_ text: String, to buffer: inout [UInt8]) {
        JSONWriter.writeString(text, to: &buffer)
    }

    /// Appends `number` as a JSON integer: the bytes of `JSONValue.integer(number).write(to:)`.
    public static func writeInteger(_ number: Int64, to buffer: inout [UInt8]) {
        JSONWriter.writeInteger(number, to: &buffer)
    }
}

/// The serializer: pure Swift, appending to a byte array, no C allocations.
///
/// It walks containers with an explicit stack instead of recursing, so the deepest
/// value the parser accepts (2048 levels) serializes on any thread's stack.
enum JSONWriter {
    /// A container whose members are being written.
    private enum OpenContainer {
        case array([JSONValue], next: Int)
        case object([JSONObject.Element], next: Int)
    }

    /// Appends `value`.
    static func write(_ value: JSONValue, to buffer: inout [UInt8]) {
        var stack: [OpenContainer] = []
        var pending: JSONValue? = value
        while true {
            if let current = pending {
                pending = nil
                switch current {
                case .array(let elements):
                    buffer.append(UInt8(ascii: "["))
                    stack.append(.array(elements, next: 0))
                case .object(let object):
                    buffer.append(UInt8(ascii: "{"))
                    stack.append(.object(object.entries, next: 0))
                default:
                    writeScalar(current, to: &buffer)
                }
            }
            guard let top = stack.popLast() else { return }
            // Pick the next member of the innermost open container, or close it.
            switch top {
            case .array(let elements, let next):
                guard next < elements.count else {
                    buffer.append(UInt8(ascii: "]"))
                    continue
                }
                if next > 0 { buffer.append(UInt8(ascii: ",")) }
                stack.append(.array(elements, next: next + 1))
                pending = elements[next]
            case .object(let entries, let next):
                guard next < entries.count else {
                    buffer.append(UInt8(ascii: "}"))
                    continue
                }
                if next > 0 { buffer.append(UInt8(ascii: ",")) }
                writeString(entries[next].key, to: &buffer)
                buffer.append(UInt8(ascii: ":"))
                stack.append(.object(entries, next: next + 1))
                pending = entries[next].value
            }
        }
    }

    /// Appends a value that has no members.
    private static func writeScalar(_ value: JSONValue, to buffer: inout [UInt8]) {
        switch value {
        case .null: appendASCII("null", to: &buffer)
        case .bool(let flag): appendASCII(flag ? "true" : "false", to: &buffer)
        case .integer(let number): writeInteger(number, to: &buffer)
        case .double(let number): writeDouble(number, to: &buffer)
        case .string(let text): writeString(text, to: &buffer)
        // Containers are handled by `write`; this keeps the switch total without a trap.
        case .array, .object: appendASCII("null", to: &buffer)
        }
    }

    /// Appends a literal made of ASCII characters.
    static func appendASCII(_ text: StaticString, to buffer: inout [UInt8]) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }
}
