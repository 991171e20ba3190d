/// A Swift type that converts to and from ``JSONValue`` and can describe its JSON shape.
///
/// View models declare their inputs and outputs with conforming types; the host uses
/// ``init(json:)`` on incoming parameters, ``json`` on outgoing values, and
/// ``jsonSchema`` / ``jsonTypeName`` to document methods and explain rejections.
///
/// `Codable` types can conform in one line through the bridge in
/// `JSONConvertible+Codable.swift`.
public protocol JSONConvertible {
    /// Decodes a value, or explains what was expected where.
    init(json: JSONValue) throws(JSONDecodingError)

    /// The JSON form of this value.
    var json: JSONValue { get }

    /// A JSON Schema (draft 2020-12) object describing the accepted values.
    static var jsonSchema: JSONValue { get }

    /// Short human type name for error messages: "string", "string or null", "array of integer"…
    static var jsonTypeName: String { get }
}

extension JSONValue {
    /// Decodes this value as `T`; the same as `T(json: self)`, read left to right.
    public func decode<T: JSONConvertible>(_ type: T.Type = T.self) throws(JSONDecodingError) -> T {
        try T(json: self)
    }

    /// Decodes the member `key` of this object as `T`, with `key` prefixed to the path
    /// of any error. A missing member is decoded from `null`, so optionals become nil;
    /// for other types the error says "missing key". Fails if this is not an object.
    public func decode<T: JSONConvertible>(
        _ type: T.Type = T.self, forKey key: String
    ) throws(JSONDecodingError) -> T {
        guard case .object(let object) = self else {
            throw JSONDecodingError(expected: "object", found: typeName)
        }
        return try object.decode(type, forKey: key)
    }
}

extension JSONObject {
    /// Decodes the member `key` as `T`, with `key` prefixed to the path of any error.
    /// A missing member is decoded from `null`, so optionals become nil; for other
    /// types the error reports `found: "nothing"` and the message "missing key".
    public func decode<T: JSONConvertible>(
        _ type: T.Type = T.self, forKey key: String
    ) throws(JSONDecodingError) -> T {
        guard let member = self[key] else {
            do {
                return try T(json: .null)
            } catch {
                throw JSONDecodingError(
                    path: [.key(key)], expected: T.jsonTypeName, found: "nothing", message: "missing key"
                )
            }
        }
        return try JSONDecodingError.at(.key(key)) { () throws(JSONDecodingError) in try T(json: member) }
    }
}
