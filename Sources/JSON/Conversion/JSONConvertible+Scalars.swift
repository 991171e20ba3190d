// Conformances of the standard scalar types. Numbers are lenient where no precision
// is lost (an `Int` accepts `3.0`, a `Double` accepts `3`) because clients written in
// JavaScript do not distinguish the two.

extension Bool: JSONConvertible {
    /// Accepts only `true` and `false`.
    public init(json: JSONValue) throws(JSONDecodingError) {
        guard case .bool(let value) = json else {
            throw JSONDecodingError(expected: Self.jsonTypeName, found: json)
        }
        self = value
    }

    /// ``JSONValue/bool(_:)``.
    public var json: JSONValue { .bool(self) }

    /// `{"type":"boolean"}`.
    public static var jsonSchema: JSONValue { ["type": "boolean"] }

    /// "boolean".
    public static var jsonTypeName: String { "boolean" }
}

extension Int64: JSONConvertible {
    /// Accepts integers, and doubles with an exact integral value in range.
    public init(json: JSONValue) throws(JSONDecodingError) {
        self = try integer(from: json, expected: Self.jsonTypeName)
    }

    /// ``JSONValue/integer(_:)``.
    public var json: JSONValue { .integer(self) }

    /// `{"type":"integer"}`.
    public static var jsonSchema: JSONValue { ["type": "integer"] }

    /// "integer".
    public static var jsonTypeName: String { "integer" }
}

extension Int: JSONConvertible {
    /// Accepts integers, and doubles with an exact integral value, within `Int`'s range.
    public init(json: JSONValue) throws(JSONDecodingError) {
        let wide = try integer(from: json, expected: Self.jsonTypeName)
        guard let value = Int(exactly: wide) else {
            throw JSONDecodingError(expected: Self.jsonTypeName, found: json, message: "\(wide) is out of range")
        }
        self = value
    }

    /// ``JSONValue/integer(_:)``.
    public var json: JSONValue { .integer(Int64(self)) }

    /// `{"type":"integer"}` (`Int` is 64 bits on every platform Switchboard targets).
    public static var jsonSchema: JSONValue { ["type": "integer"] }

    /// "integer".
    public static var jsonTypeName: String { "integer" }
}

extension Double: JSONConvertible {
    /// Accepts doubles and integers (converted, rounding beyond 2^53).
    public init(json: JSONValue) throws(JSONDecodingError) {
        guard let value = json.doubleValue else {
            throw JSONDecodingError(expected: Self.jsonTypeName, found: json)
        }
        self = value
    }

    /// ``JSONValue/double(_:)``; NaN and infinities serialize as `null`.
    public var json: JSONValue { .double(self) }

    /// `{"type":"number"}`.
    public static var jsonSchema: JSONValue { ["type": "number"] }

    /// "number".
    public static var jsonTypeName: String { "number" }
}

extension String: JSONConvertible {
    /// Accepts only strings.
    public init(json: JSONValue) throws(JSONDecodingError) {
        guard case .string(let value) = json else {
            throw JSONDecodingError(expected: Self.jsonTypeName, found: json)
        }
        self = value
    }

    /// ``JSONValue/string(_:)``.
    public var json: JSONValue { .string(self) }

    /// `{"type":"string"}`.
    public static var jsonSchema: JSONValue { ["type": "string"] }

    /// "string".
    public static var jsonTypeName: String { "string" }
}

/// The `Int64` in `json`, saying why not otherwise (shared by `Int` and `Int64`).
private func integer(from json: JSONValue, expected: String) throws(JSONDecodingError) -> Int64 {
    switch json {
    case .integer(let value):
        return value
    case .double(let value):
        if let exact = Int64(exactly: value) {
            return exact
        }
        let reason = value.rounded() == value ? "\(value) is out of range" : "\(value) is not an integer"
        throw JSONDecodingError(expected: expected, found: json, message: reason)
    default:
        throw JSONDecodingError(expected: expected, found: json)
    }
}
