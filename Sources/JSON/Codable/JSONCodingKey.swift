/// The coding key the bridge uses for array positions, `super`, and the dynamic keys
/// of ``JSONValue``'s own `Codable` conformance.
struct JSONCodingKey: CodingKey, Sendable {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    init(_ key: String) {
        self.init(stringValue: key)
    }

    /// The key `superEncoder()` / `superDecoder()` use, as Foundation's coders do.
    static let superKey = JSONCodingKey("super")
}
