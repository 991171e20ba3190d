// Literal conformances, so tests and view models can write JSON inline:
//     let reply: JSONValue = ["ok": true, "items": [1, 2.5, "x"], "next": nil]

extension JSONValue: ExpressibleByNilLiteral {
    /// Creates ``null`` from `nil`.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates ``bool(_:)`` from `true` or `false`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates ``integer(_:)`` from an integer literal.
    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates ``double(_:)`` from a floating-point literal.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates ``string(_:)`` from a string literal.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates ``array(_:)`` from an array literal.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates ``object(_:)`` from a dictionary literal, keeping the written key order.
    ///
    /// A repeated key replaces the earlier value in place instead of trapping.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
