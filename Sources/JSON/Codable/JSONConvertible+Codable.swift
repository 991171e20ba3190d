// The one-line adoption path: `struct Friend: Codable, JSONConvertible { … }` gets
// `init(json:)` and `json` through JSONValueDecoder / JSONValueEncoder, and a schema
// and type name it can override with something more precise.

extension JSONConvertible where Self: Codable {
    /// Decodes through ``JSONValueDecoder``; failures become a ``JSONDecodingError``
    /// with the JSON path of the problem.
    public init(json: JSONValue) throws(JSONDecodingError) {
        do {
            self = try JSONValueDecoder().decode(Self.self, from: json)
        } catch {
            throw JSONDecodingError(decodingFailure: error, in: json, expected: Self.jsonTypeName)
        }
    }

    /// Encodes through ``JSONValueEncoder``.
    ///
    /// Encoding fails only for values JSON cannot hold (a `UInt64` above `Int64.max`)
    /// or a custom `encode(to:)` that throws. That is a bug in the type, not in any
    /// input, so debug builds stop at it; release builds answer `null`.
    public var json: JSONValue {
        do {
            return try JSONValueEncoder().encode(self)
        } catch {
            assertionFailure("\(Self.self) cannot be represented as JSON: \(error)")
            return .null
        }
    }

    /// `{"type":"object"}`; override with a precise schema where it matters.
    public static var jsonSchema: JSONValue { ["type": "object"] }

    /// "object"; override to name the type in error messages.
    public static var jsonTypeName: String { "object" }
}

extension JSONDecodingError {
    /// The one place a failure of `Decodable` decoding becomes a ``JSONDecodingError``.
    ///
    /// Errors made by ``JSONValueDecoder`` carry the exact detail as their
    /// `underlyingError`. Others (thrown by a type's own `init(from:)`, or by the
    /// standard library's `RawRepresentable` conformance) are located by walking
    /// `root` along their coding path.
    init(decodingFailure error: any Error, in root: JSONValue, expected rootExpectation: String) {
        if let detail = error as? JSONDecodingError {
            self = detail
            return
        }
        guard let decodingError = error as? DecodingError else {
            self.init(expected: rootExpectation, found: root, message: "\(error)")
            return
        }
        let context: DecodingError.Context
        let expected: String
        var message: String?
        var extraKey: (any CodingKey)?
        switch decodingError {
        case .typeMismatch(let type, let errorContext), .valueNotFound(let type, let errorContext):
            context = errorContext
            expected = jsonTypeName(of: type)
            message = nil
        case .keyNotFound(let key, let errorContext):
            context = errorContext
            expected = "value"
            message = "missing key"
            extraKey = key
        case .dataCorrupted(let errorContext):
            context = errorContext
            expected = context.codingPath.isEmpty ? rootExpectation : "valid value"
            message = context.debugDescription
        @unknown default:
            self.init(expected: rootExpectation, found: root, message: "\(error)")
            return
        }
        if let detail = context.underlyingError as? JSONDecodingError {
            self = detail
            return
        }
        var path: [JSONPathComponent] = []
        var current: JSONValue? = root
        for key in context.codingPath + (extraKey.map { [$0] } ?? []) {
            // A key with an integer value into an array is a position; anything else
            // is an object key.
            if case .array(let elements)? = current, let index = key.intValue {
                path.append(.index(index))
                current = elements.indices.contains(index) ? elements[index] : nil
            } else {
                path.append(.key(key.stringValue))
                current = current?[key.stringValue]
            }
        }
        self.init(path: path, expected: expected, found: current?.typeName ?? "nothing", message: message)
    }
}
