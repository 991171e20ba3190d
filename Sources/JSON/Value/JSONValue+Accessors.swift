// Optional accessors: each answers nil when the value is of another kind, so callers
// can chain them (`request["params"]?["name"]?.stringValue`) without switching.

extension JSONValue {
    /// The string, or nil unless this is ``string(_:)``.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, or nil unless this is ``bool(_:)``.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer, or nil.
    ///
    /// A ``double(_:)`` is accepted when its value is integral and within `Int64`
    /// (`3.0` gives 3, `3.5` and `1e20` give nil), because some clients write every
    /// number with a fraction.
    public var int64Value: Int64? {
        switch self {
        case .integer(let value): return value
        case .double(let value): return Int64(exactly: value)
        default: return nil
        }
    }

    /// The number as a `Double`, or nil. Integers convert (rounding beyond 2^53).
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The elements, or nil unless this is ``array(_:)``.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, or nil unless this is ``object(_:)``.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member named `key`, or nil when absent or when this is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index`, or nil when out of range or when this is not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else {
            return nil
        }
        return elements[index]
    }
}
