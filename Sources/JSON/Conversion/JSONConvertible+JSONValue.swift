// The JSON types themselves, so a view model can take or return raw JSON.

extension JSONValue: JSONConvertible {
    /// Accepts anything (identity).
    public init(json: JSONValue) throws(JSONDecodingError) {
        self = json
    }

    /// The value itself.
    public var json: JSONValue { self }

    /// `{}`: the schema every value satisfies. (An object rather than the equivalent
    /// `true`, because tools that merge schemas expect objects.)
    public static var jsonSchema: JSONValue { .object(JSONObject()) }

    /// "any value".
    public static var jsonTypeName: String { "any value" }
}

extension JSONObject: JSONConvertible {
    /// Accepts any object.
    public init(json: JSONValue) throws(JSONDecodingError) {
        guard case .object(let object) = json else {
            throw JSONDecodingError(expected: Self.jsonTypeName, found: json)
        }
        self = object
    }

    /// ``JSONValue/object(_:)``.
    public var json: JSONValue { .object(self) }

    /// `{"type":"object"}`.
    public static var jsonSchema: JSONValue { ["type": "object"] }

    /// "object".
    public static var jsonTypeName: String { "object" }
}
