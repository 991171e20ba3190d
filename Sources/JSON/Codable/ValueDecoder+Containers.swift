// Keyed and unkeyed containers of ``ValueDecoder``. Every value is decoded by a child
// decoder, so the conversion rules live only in ValueDecoder's single-value methods.

/// Reads members of an object.
struct KeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ValueDecoder
    let object: JSONObject

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    /// The decoder for the member `key`, or `keyNotFound` naming what was expected.
    private func child(_ key: Key, expecting type: Any.Type) throws -> ValueDecoder {
        guard let member = object[key.stringValue] else {
            let detail = JSONDecodingError(
                path: decoder.jsonPath + [.key(key.stringValue)], expected: jsonTypeName(of: type),
                found: "nothing", message: "missing key"
            )
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: detail.description, underlyingError: detail
            ))
        }
        return decoder.child(member, key: key, component: .key(key.stringValue))
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key, expecting: JSONValue.self).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key, expecting: type).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key, expecting: type).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key, expecting: type).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key, expecting: type).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key, expecting: type).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key, expecting: type).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key, expecting: type).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key, expecting: type).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key, expecting: type).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key, expecting: type).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key, expecting: type).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key, expecting: type).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key, expecting: type).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key, expecting: type).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try child(key, expecting: type).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key, expecting: JSONObject.self).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key, expecting: [JSONValue].self).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = JSONCodingKey.superKey
        return decoder.child(object[key.stringValue] ?? .null, key: key, component: .key(key.stringValue))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(object[key.stringValue] ?? .null, key: key, component: .key(key.stringValue))
    }
}

/// Reads elements of an array in order.
struct UnkeyedDecoding: UnkeyedDecodingContainer {
    let decoder: ValueDecoder
    let elements: [JSONValue]
    private(set) var currentIndex = 0

    init(decoder: ValueDecoder, elements: [JSONValue]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The decoder for the current element (without advancing), or `valueNotFound`.
    private func current(expecting type: Any.Type) throws -> ValueDecoder {
        guard elements.indices.contains(currentIndex) else {
            let detail = JSONDecodingError(
                path: decoder.jsonPath + [.index(currentIndex)], expected: jsonTypeName(of: type),
                found: "nothing", message: "array has only \(elements.count) elements"
            )
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [JSONCodingKey(intValue: currentIndex)],
                debugDescription: detail.description, underlyingError: detail
            ))
        }
        let key = JSONCodingKey(intValue: currentIndex)
        return decoder.child(elements[currentIndex], key: key, component: .index(currentIndex))
    }

    /// Decodes the current element with `body` and advances only if that succeeded.
    private mutating func next<T>(_ expected: Any.Type, _ body: (ValueDecoder) throws -> T) throws -> T {
        let result = try body(try current(expecting: expected))
        currentIndex += 1
        return result
    }

    mutating func decodeNil() throws -> Bool {
        // Per the protocol, a null is consumed and anything else is left for decode.
        let isNull = try current(expecting: JSONValue.self).decodeNil()
        if isNull { currentIndex += 1 }
        return isNull
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.decode(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next(JSONObject.self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([JSONValue].self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next(JSONValue.self) { $0 }
    }
}

/// The name to use for `type` in error messages: its ``JSONConvertible/jsonTypeName``
/// when it has one, otherwise the Swift type name.
func jsonTypeName(of type: Any.Type) -> String {
    if let convertible = type as? any JSONConvertible.Type {
        return convertible.jsonTypeName
    }
    return "\(type)"
}
