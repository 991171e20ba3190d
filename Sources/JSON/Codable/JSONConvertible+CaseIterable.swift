// Codable enums with raw values (`enum Color: String, Codable, CaseIterable,
// JSONConvertible`) get an exact schema and an error that lists the accepted values,
// instead of the generic object defaults of the Codable bridge.

extension JSONConvertible where Self: Codable & RawRepresentable & CaseIterable, RawValue: JSONConvertible {
    /// Accepts exactly the raw values of the cases.
    public init(json: JSONValue) throws(JSONDecodingError) {
        let raw: RawValue
        do {
            raw = try RawValue(json: json)
        } catch {
            throw JSONDecodingError(expected: Self.jsonTypeName, found: json)
        }
        guard let value = Self(rawValue: raw) else {
            throw JSONDecodingError(
                expected: Self.jsonTypeName, found: json, message: "\(json.serializedString()) is not one of them"
            )
        }
        self = value
    }

    /// The case's raw value.
    public var json: JSONValue { rawValue.json }

    /// `{"enum":[<raw values>]}`.
    public static var jsonSchema: JSONValue {
        ["enum": .array(allCases.map(\.rawValue.json))]
    }

    /// `one of "red", "green"`: the raw values as JSON.
    public static var jsonTypeName: String {
        "one of " + allCases.map { $0.rawValue.json.serializedString() }.joined(separator: ", ")
    }
}
