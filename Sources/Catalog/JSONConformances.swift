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
