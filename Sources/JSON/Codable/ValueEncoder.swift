/// The `Encoder` behind ``JSONValueEncoder``: encodes into one ``EncodingBox``.
final class ValueEncoder: Encoder {
    let box: EncodingBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(box: EncodingBox, codingPath: [any CodingKey]) {
        self.box = box
        self.codingPath = codingPath
    }

    /// Encodes `value` on its own and returns the result.
    static func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue {
        let box = EncodingBox()
        try encode(value, into: box, codingPath: codingPath)
        guard let result = box.resolve() else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath, debugDescription: "\(T.self) did not encode any value"
            ))
        }
        return result
    }

    /// Encodes `value` into `box`; JSON's own types are stored as they are.
    static func encode<T: Encodable>(_ value: T, into box: EncodingBox, codingPath: [any CodingKey]) throws {
        if let json = value as? JSONValue {
            box.set(json)
        } else if let object = value as? JSONObject {
            box.set(.object(object))
        } else {
            try value.encode(to: ValueEncoder(box: box, codingPath: codingPath))
        }
    }

    /// `value` as a JSON integer, or an error if it does not fit `Int64`.
    static func integer<T: BinaryInteger>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue {
        guard let exact = Int64(exactly: value) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath, debugDescription: "\(value) does not fit a JSON integer (Int64)"
            ))
        }
        return .integer(exact)
    }

    /// `value` as a JSON double, spelled as the `Float` reads (0.1 as 0.1, not
    /// 0.10000000149011612).
    static func double(_ value: Float) -> JSONValue {
        .double(Double("\(value)") ?? Double(value))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.becomeObject()
        return KeyedEncodingContainer(KeyedEncoding<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.becomeArray()
        return UnkeyedEncoding(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }
}

extension ValueEncoder: SingleValueEncodingContainer {
    func encodeNil() { box.set(.null) }
    func encode(_ value: Bool) { box.set(.bool(value)) }
    func encode(_ value: String) { box.set(.string(value)) }
    func encode(_ value: Double) { box.set(.double(value)) }
    func encode(_ value: Float) { box.set(Self.double(value)) }
    func encode(_ value: Int) throws { box.set(try Self.integer(value, codingPath: codingPath)) }
    func encode(_ value: Int8) throws { box.set(try Self.integer(value, codingPath: codingPath)) }
    func encode(_ value: Int16) throws { box.set(try Self.integer(value, codingPath: codingPath)) }
    func encode(_ value: Int32) throws { box.set(try Self.integer(value, codingPath: codingPath)) }
    func encode(_ value: Int64) throws { box.set(try Self.integer(value, codingPath: codingPath)) }
    func encode(_ value: UInt) throws { box.set(try Self.integer(value, codingPath: codingPath)) }
    func encode(_ value: UInt8) throws { box.set(try Self.integer(value, codingPath: codingPath)) }
    func encode(_ value: UInt16) throws { box.set(try Self.integer(value, codingPath: codingPath)) }
    func encode(_ value: UInt32) throws { box.set(try Self.integer(value, codingPath: codingPath)) }
    func encode(_ value: UInt64) throws { box.set(try Self.integer(value, codingPath: codingPath)) }
    func encode<T: Encodable>(_ value: T) throws {
        try Self.encode(value, into: box, codingPath: codingPath)
    }
}
