import JSON

/// A JSON-RPC error object: code, message and optional structured data.
public struct RPCError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The code.
    public var code: RPCErrorCode
    /// One sentence for people; names what was wrong.
    public var message: String
    /// Machine-readable details (the parameter, the expected type, the valid inputs…).
    public var data: JSONValue?

    /// An error.
    public init(_ code: RPCErrorCode, _ message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// The error as a JSON-RPC error object.
    public var json: JSONValue {
        var object: JSONObject = ["code": .integer(Int64(code.rawValue)), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

extension RPCError {
    /// -32700 for text that is not JSON, with jansson's position.
    public static func parse(_ error: JSONParseError) -> RPCError {
        RPCError(.parseError, "Parse error: \(error)", data: [
            "category": .string(error.category.rawValue),
            "line": .integer(Int64(error.line)),
            "column": .integer(Int64(error.column)),
            "position": .integer(Int64(error.position)),
        ])
    }

    /// -32600 with a reason.
    public static func invalidRequest(_ reason: String) -> RPCError {
        RPCError(.invalidRequest, "Invalid request: \(reason)")
    }
}
