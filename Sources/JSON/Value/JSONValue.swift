/// A JSON value held entirely in Swift memory.
///
/// This is the currency type of Switchboard's wire layer: requests are parsed into it,
/// view models receive their parameters as it, and responses are serialized from it.
/// It is a plain value (no references into C memory), so it is `Sendable` and can
/// outlive the buffer it was parsed from.
///
/// Numbers keep the distinction JSON texts make: `1` parses as ``integer(_:)`` and
/// `1.0` as ``double(_:)``. Equality follows the case, so `.integer(1) != .double(1)`;
/// use ``int64Value`` or ``doubleValue`` to compare numerically.
public enum JSONValue: Hashable, Sendable {
    /// The JSON literal `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits in `Int64`.
    case integer(Int64)
    /// A number written with a fraction or an exponent.
    ///
    /// NaN and the infinities cannot be written in JSON; they serialize as `null`.
    case double(Double)
    /// A string; always valid Unicode.
    case string(String)
    /// An ordered list of values.
    case array([JSONValue])
    /// An object: unique keys, insertion order kept for output, order-insensitive equality.
    case object(JSONObject)
}

extension JSONValue {
    /// The JSON type name of this value, as used in error messages and JSON Schema:
    /// `"null"`, `"boolean"`, `"integer"`, `"number"`, `"string"`, `"array"` or `"object"`.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer: return "integer"
        case .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact serialized JSON text, exactly as ``serializedString()`` returns it.
    public var description: String {
        serializedString()
    }
}
