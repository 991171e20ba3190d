import JSON
import ViewModels

// Wire forms of the view models' value types (the Codable bridge does the work; the schemas
// make `describe` and `rpc.discover` precise).

extension Product: JSONConvertible {
    public static var jsonSchema: JSONValue {
        [
            "type": "object",
            "properties": ["name": ["type": "string"], "amount": ["type": "integer"], "currency": ["type": "string"]],
            "required": ["name", "amount", "currency"],
        ]
    }

    public static var jsonTypeName: String { "product" }
}

extension PaymentRequest: JSONConvertible {
    public static var jsonSchema: JSONValue {
        [
            "type": "object",
            "properties": [
                "label": ["type": "string"], "amount": ["type": "integer"], "currency": ["type": "string"],
                "countryCode": ["type": "string"], "merchantIdentifier": ["type": "string"],
            ],
            "required": ["label", "amount", "currency", "countryCode", "merchantIdentifier"],
            "additionalProperties": false,
        ]
    }

    public static var jsonTypeName: String { "payment request" }
}

extension Friend: JSONConvertible {
    public static var jsonSchema: JSONValue {
        [
            "type": "object",
            "properties": [
                "id": ["type": "integer"], "firstname": ["type": "string"],
                "lastname": ["type": "string"], "phonenumber": ["type": "string"],
            ],
            "required": ["id", "firstname", "lastname", "phonenumber"],
        ]
    }

    public static var jsonTypeName: String { "friend" }
}

extension FriendDraft: JSONConvertible {
    public static var jsonSchema: JSONValue {
        [
            "type": "object",
            "properties": ["firstname": ["type": "string"], "lastname": ["type": "string"], "phonenumber": ["type": "string"]],
            "required": ["firstname", "lastname", "phonenumber"],
        ]
    }

    public static var jsonTypeName: String { "friend draft" }
}

extension FriendCell: JSONConvertible {
    public init(json: JSONValue) throws(JSONDecodingError) {
        guard case let .object(object) = json else { throw JSONDecodingError(expected: Self.jsonTypeName, found: json) }
        switch try object.decode(String.self, forKey: "kind") {
        case "normal": self = .normal(try object.decode(Friend.self, forKey: "friend"))
        case "empty": self = .empty
        case "error": self = .error(message: try object.decode(String.self, forKey: "message"))
        case let other:
            throw JSONDecodingError(path: [.key("kind")], expected: "\"normal\", \"empty\" or \"error\"", found: "\"\(other)\"")
        }
    }

    /// `{"kind":"normal","friend":{…}}`, `{"kind":"empty"}` or `{"kind":"error","message":"…"}`.
    public var json: JSONValue {
        switch self {
        case let .normal(friend): return ["kind": "normal", "friend": friend.json]
        case .empty: return ["kind": "empty"]
        case let .error(message): return ["kind": "error", "message": .string(message)]
        }
    }

    public static var jsonSchema: JSONValue {
        [
            "oneOf": [
                [
                    "type": "object",
                    "properties": ["kind": ["const": "normal"], "friend": Friend.jsonSchema],
                    "required": ["kind", "friend"],
                ],
                ["type": "object", "properties": ["kind": ["const": "empty"]], "required": ["kind"]],
                [
                    "type": "object",
                    "properties": ["kind": ["const": "error"], "message": ["type": "string"]],
                    "required": ["kind", "message"],
                ],
            ],
        ]
    }

    public static var jsonTypeName: String { "friend cell" }
}

extension Alert: JSONConvertible {
    public static var jsonSchema: JSONValue {
        [
            "type": "object",
            "properties": ["title": ["type": "string"], "message": ["type": "string"], "button": ["type": "string"]],
            "required": ["title", "message", "button"],
        ]
    }

    public static var jsonTypeName: String { "alert" }
}
