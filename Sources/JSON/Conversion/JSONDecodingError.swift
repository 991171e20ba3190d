/// One step from a value to a part of it: an object key or an array index.
public enum JSONPathComponent: Hashable, Sendable {
    /// The member with this key.
    case key(String)
    /// The element at this index.
    case index(Int)
}

/// Why a ``JSONValue`` could not be converted to a Swift type, and where.
///
/// `description` reads like `expected string or null at params.name, found integer`.
/// The root of the path prints as `value`.
public struct JSONDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is, outermost first.
    public var path: [JSONPathComponent]
    /// What was acceptable there, e.g. "string or null".
    public var expected: String
    /// The JSON type name found there (``JSONValue/typeName``), or "nothing" for a
    /// missing member.
    public var found: String
    /// Optional extra detail, e.g. "missing key" or "3.5 is not an integer".
    public var message: String?

    /// Creates an error.
    public init(path: [JSONPathComponent] = [], expected: String, found: String, message: String? = nil) {
        self.path = path
        self.expected = expected
        self.found = found
        self.message = message
    }

    /// An error at the root saying `expected` was wanted where `value` was found.
    public init(expected: String, found value: JSONValue, message: String? = nil) {
        self.init(expected: expected, found: value.typeName, message: message)
    }

    /// The same error one level further down: `component` is put in front of the path.
    public func prefixed(with component: JSONPathComponent) -> JSONDecodingError {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }

    /// Runs `body`, which decodes the part of a value at `component`, and prefixes
    /// `component` to the path of any error it throws. Composite types use this so a
    /// failure deep inside reads `expected integer at params.friend.id, found string`:
    ///
    ///     let id = try JSONDecodingError.at(.key("id")) { () throws(JSONDecodingError) in
    ///         try Int(json: object["id"] ?? .null)
    ///     }
    public static func at<T>(
        _ component: JSONPathComponent, _ body: () throws(JSONDecodingError) -> T
    ) throws(JSONDecodingError) -> T {
        do {
            return try body()
        } catch {
            throw error.prefixed(with: component)
        }
    }

    /// The path as text: `value` for the root, otherwise keys joined by dots and
    /// indices in brackets (`params.items[2].id`). Keys that are not plain identifiers
    /// are quoted in brackets (`headers["content-type"]`).
    public var pathDescription: String {
        guard !path.isEmpty else { return "value" }
        var text = ""
        for component in path {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key):
                text += text.isEmpty ? key : ".\(key)"
            case .key(let key):
                text += "[\(JSONValue.string(key).serializedString())]"
            }
        }
        return text
    }

    /// For example `expected integer at params.friend.id, found string`, with the
    /// message in parentheses when there is one.
    public var description: String {
        let base = "expected \(expected) at \(pathDescription), found \(found)"
        guard let message else { return base }
        return "\(base) (\(message))"
    }

    /// Whether `key` can be written after a dot without ambiguity.
    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
        }
    }
}
