// Keyed and unkeyed containers of ``ValueEncoder``. Each primitive goes through the
// encoder's single-value methods on a fresh box, so the conversion rules (integer
// range, Float spelling) live in one place.

/// Encodes members of an object in the order keys are first encoded.
struct KeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    private func encoder(for key: Key) -> ValueEncoder {
        ValueEncoder(box: box.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) { encoder(for: key).encodeNil() }
    mutating func encode(_ value: Bool, forKey key: Key) { encoder(for: key).encode(value) }
    mutating func encode(_ value: String, forKey key: Key) { encoder(for: key).encode(value) }
    mutating func encode(_ value: Double, forKey key: Key) { encoder(for: key).encode(value) }
    mutating func encode(_ value: Float, forKey key: Key) { encoder(for: key).encode(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encoder(for: key).encode(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encoder(for: key).encode(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encoder(for: key).encode(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encoder(for: key).encode(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encoder(for: key).encode(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encoder(for: key).encode(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encoder(for: key).encode(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encoder(for: key).encode(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encoder(for: key).encode(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encoder(for: key).encode(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder(for: key).encode(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder(for: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder(for: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = JSONCodingKey.superKey
        return ValueEncoder(box: box.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder(for: key)
    }
}

/// Encodes elements of an array in order.
struct UnkeyedEncoding: UnkeyedEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]
    private(set) var count: Int

    init(box: EncodingBox, codingPath: [any CodingKey]) {
        self.box = box
        self.codingPath = codingPath
        // A second unkeyed container on the same encoder continues after the first.
        count = box.elementCount
    }

    private mutating func nextEncoder() -> ValueEncoder {
        let key = JSONCodingKey(intValue: count)
        count += 1
        return ValueEncoder(box: box.appendElement(), codingPath: codingPath + [key])
    }

    mutating func encodeNil() { nextEncoder().encodeNil() }
    mutating func encode(_ value: Bool) { nextEncoder().encode(value) }
    mutating func encode(_ value: String) { nextEncoder().encode(value) }
    mutating func encode(_ value: Double) { nextEncoder().encode(value) }
    mutating func encode(_ value: Float) { nextEncoder().encode(value) }
    mutating func encode(_ value: Int) throws { try nextEncoder().encode(value) }
    mutating func encode(_ value: Int8) throws { try nextEncoder().encode(value) }
    mutating func encode(_ value: Int16) throws { try nextEncoder().encode(value) }
    mutating func encode(_ value: Int32) throws { try nextEncoder().encode(value) }
    mutating func encode(_ value: Int64) throws { try nextEncoder().encode(value) }
    mutating func encode(_ value: UInt) throws { try nextEncoder().encode(value) }
    mutating func encode(_ value: UInt8) throws { try nextEncoder().encode(value) }
    mutating func encode(_ value: UInt16) throws { try nextEncoder().encode(value) }
    mutating func encode(_ value: UInt32) throws { try nextEncoder().encode(value) }
    mutating func encode(_ value: UInt64) throws { try nextEncoder().encode(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try nextEncoder().encode(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        nextEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        nextEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        nextEncoder()
    }
}
