/// Decodes any `Decodable` type straight from a ``JSONValue`` (no text in between).
///
/// Failures are `DecodingError`s, as `init(from:)` implementations expect to catch.
/// Each one made by this decoder carries a ``JSONDecodingError`` as its
/// `underlyingError`, with the JSON path, the expected type and the JSON type found;
/// the `Codable` bridge of ``JSONConvertible`` reports that one.
///
/// Numbers follow the same rules as the ``JSONConvertible`` conformances: integer
/// types accept integral doubles in range, floating-point types accept integers.
public struct JSONValueDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// Decodes a `T` from `value`.
    public func decode<T: Decodable>(_ type: T.Type = T.self, from value: JSONValue) throws -> T {
        try ValueDecoder(value: value, codingPath: [], jsonPath: []).decode(type)
    }
}

/// The `Decoder` behind ``JSONValueDecoder``: reads one ``JSONValue``.
struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    /// `codingPath` as JSON sees it (indices for array positions), for error reports.
    let jsonPath: [JSONPathComponent]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The decoder for a part of this value.
    func child(_ value: JSONValue, key: any CodingKey, component: JSONPathComponent) -> ValueDecoder {
        ValueDecoder(value: value, codingPath: codingPath + [key], jsonPath: jsonPath + [component])
    }

    /// A type mismatch at this value, with the JSON detail attached.
    func mismatch(_ type: Any.Type, expected: String, message: String? = nil) -> DecodingError {
        let detail = JSONDecodingError(path: jsonPath, expected: expected, found: value.typeName, message: message)
        return DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: codingPath, debugDescription: detail.description, underlyingError: detail
        ))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw mismatch(JSONObject.self, expected: "object")
        }
        return KeyedDecodingContainer(KeyedDecoding<Key>(decoder: self, object: object))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw mismatch([JSONValue].self, expected: "array")
        }
        return UnkeyedDecoding(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }
}

extension ValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value.isNull }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(type, expected: "boolean") }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(type, expected: "string") }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard let number = value.doubleValue else { throw mismatch(type, expected: "number") }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float {
        guard let number = value.doubleValue else { throw mismatch(type, expected: "number") }
        return Float(number)
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // JSON's own types are taken as they are (and objects keep their key order).
        if T.self == JSONValue.self, let same = value as? T {
            return same
        }
        if T.self == JSONObject.self {
            guard case .object(let object) = value, let same = object as? T else {
                throw mismatch(type, expected: "object")
            }
            return same
        }
        return try T(from: self)
    }

    /// The value as an integer of type `T`: an integer or an integral double, in range.
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let wide: Int64
        switch value {
        case .integer(let number):
            wide = number
        case .double(let number):
            guard let exact = Int64(exactly: number) else {
                let reason = number.rounded() == number ? "out of range" : "not an integer"
                throw mismatch(type, expected: "integer", message: "\(number) is \(reason)")
            }
            wide = exact
        default:
            throw mismatch(type, expected: "integer")
        }
        guard let exact = T(exactly: wide) else {
            throw mismatch(type, expected: "integer", message: "\(wide) is out of range for \(T.self)")
        }
        return exact
    }
}
