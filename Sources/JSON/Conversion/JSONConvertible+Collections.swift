// Conformances of the generic containers. Each puts the index or key of a failing
// element in front of the error's path, so nested failures say where they are.

extension Optional: JSONConvertible where Wrapped: JSONConvertible {
    /// `null` decodes as nil; anything else as `Wrapped`.
    public init(json: JSONValue) throws(JSONDecodingError) {
        if case .null = json {
            self = .none
            return
        }
        do {
            self = .some(try Wrapped(json: json))
        } catch {
            // A mismatch at this level could also have been fixed by sending null, so
            // say so; a failure deeper inside (non-empty path) is reported as it is.
            guard error.path.isEmpty else { throw error }
            var widened = error
            widened.expected = Self.jsonTypeName
            throw widened
        }
    }

    /// `null` for nil, otherwise the wrapped value's JSON.
    public var json: JSONValue {
        switch self {
        case .none: return .null
        case .some(let wrapped): return wrapped.json
        }
    }

    /// The wrapped schema widened to admit `null`: `"null"` added to its `type` when
    /// it has one, otherwise `{"anyOf":[wrapped,{"type":"null"}]}`.
    public static var jsonSchema: JSONValue {
        let wrapped = Wrapped.jsonSchema
        guard case .object(var schema) = wrapped, let type = schema["type"] else {
            return ["anyOf": [wrapped, ["type": "null"]]]
        }
        switch type {
        case .string("null"):
            return wrapped
        case .string:
            schema["type"] = [type, "null"]
        case .array(let types) where !types.contains("null"):
            schema["type"] = .array(types + ["null"])
        case .array:
            return wrapped
        default:
            return ["anyOf": [wrapped, ["type": "null"]]]
        }
        return .object(schema)
    }

    /// "<wrapped> or null", e.g. "string or null" (not repeated for nested optionals).
    public static var jsonTypeName: String {
        let wrapped = Wrapped.jsonTypeName
        return wrapped.hasSuffix(" or null") || wrapped == "null" ? wrapped : "\(wrapped) or null"
    }
}

extension Array: JSONConvertible where Element: JSONConvertible {
    /// Accepts an array whose elements all decode as `Element`.
    public init(json: JSONValue) throws(JSONDecodingError) {
        guard case .array(let elements) = json else {
            throw JSONDecodingError(expected: Self.jsonTypeName, found: json)
        }
        var decoded: [Element] = []
        decoded.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            decoded.append(try JSONDecodingError.at(.index(index)) { () throws(JSONDecodingError) in
                try Element(json: element)
            })
        }
        self = decoded
    }

    /// An array of the elements' JSON.
    public var json: JSONValue { .array(map(\.json)) }

    /// `{"type":"array","items":<element schema>}`.
    public static var jsonSchema: JSONValue { ["type": "array", "items": Element.jsonSchema] }

    /// "array of <element>", e.g. "array of integer".
    public static var jsonTypeName: String { "array of \(Element.jsonTypeName)" }
}

extension Dictionary: JSONConvertible where Key == String, Value: JSONConvertible {
    /// Accepts an object whose member values all decode as `Value`.
    public init(json: JSONValue) throws(JSONDecodingError) {
        guard case .object(let object) = json else {
            throw JSONDecodingError(expected: Self.jsonTypeName, found: json)
        }
        var decoded: [String: Value] = [:]
        decoded.reserveCapacity(object.count)
        for (key, member) in object {
            decoded[key] = try JSONDecodingError.at(.key(key)) { () throws(JSONDecodingError) in
                try Value(json: member)
            }
        }
        self = decoded
    }

    /// An object of the values' JSON, with keys sorted so the output is deterministic
    /// (a `Dictionary` has no meaningful order of its own).
    public var json: JSONValue {
        .object(JSONObject(sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) }))
    }

    /// `{"type":"object","additionalProperties":<value schema>}`.
    public static var jsonSchema: JSONValue {
        ["type": "object", "additionalProperties": Value.jsonSchema]
    }

    /// "object of <value>", e.g. "object of string".
    public static var jsonTypeName: String { "object of \(Value.jsonTypeName)" }
}
