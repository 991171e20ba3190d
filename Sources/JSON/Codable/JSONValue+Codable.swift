// JSONValue and JSONObject are Codable, so a Codable type can have a field of raw JSON.
// With JSONValueEncoder/Decoder they pass through untouched; with other coders (e.g.
// Foundation's) objects are written in order but read back through a Dictionary, so
// key order is lost there.

extension JSONValue: Codable {
    /// Decodes whatever JSON-shaped value the decoder holds.
    public init(from decoder: any Decoder) throws {
        if let direct = decoder as? ValueDecoder {
            self = direct.value
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([JSONValue].self) {
            self = .array(elements)
        } else {
            let members = try container.decode([String: JSONValue].self)
            self = .object(JSONObject(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
    }

    /// Encodes the value with the matching container kind, objects in insertion order.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .integer(let integer):
            var container = encoder.singleValueContainer()
            try container.encode(integer)
        case .double(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .object(let object):
            try object.encode(to: encoder)
        }
    }
}

extension JSONObject: Codable {
    /// Decodes an object; see ``JSONValue/init(from:)``.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        guard case .object(let object) = value else {
            throw DecodingError.typeMismatch(JSONObject.self, DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "expected object, found \(value.typeName)"
            ))
        }
        self = object
    }

    /// Encodes the members in insertion order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONCodingKey.self)
        for (key, value) in self {
            try container.encode(value, forKey: JSONCodingKey(key))
        }
    }
}
