import JSON

/// Something the session sends to the client.
public enum OutboundMessage: Sendable {
    /// An output value of an instance.
    case output(OutputNotification)
    /// The answer to one request.
    case response(OutboundResponse)
    /// The answers to a batch, in one array.
    case batch([OutboundResponse])
    /// A service call delegated to the client.
    case clientRequest(id: String, method: String, params: JSONValue)
    /// Any other notification (another protocol adapter's, such as MCP's `notifications/resources/updated`).
    case notification(method: String, params: JSONValue)

    /// The JSON-RPC message.
    public var json: JSONValue {
        switch self {
        case let .output(notification): return notification.json
        case let .response(response): return response.json
        case let .batch(responses): return .array(responses.map(\.json))
        case let .clientRequest(id, method, params):
            return ["jsonrpc": "2.0", "id": .string(id), "method": .string(method), "params": params]
        case let .notification(method, params):
            return ["jsonrpc": "2.0", "method": .string(method), "params": params]
        }
    }
}

/// One `output` notification.
public struct OutputNotification: Sendable, Equatable {
    /// The instance id.
    public let instance: String
    /// The output's name.
    public let output: String
    /// The value.
    public let value: JSONValue
    /// The sequence number: 1, 2, 3… per daemon process, without gaps.
    public let seq: Int64
    /// What caused it.
    public let cause: Cause

    /// A notification (the session numbers them; clients and tests may build their own).
    public init(instance: String, output: String, value: JSONValue, seq: Int64, cause: Cause) {
        self.instance = instance
        self.output = output
        self.value = value
        self.seq = seq
        self.cause = cause
    }

    /// The JSON-RPC notification.
    public var json: JSONValue {
        [
            "jsonrpc": "2.0",
            "method": "output",
            "params": [
                "vm": .string(instance),
                "output": .string(output),
                "value": value,
                "seq": .integer(seq),
                "cause": cause.json,
            ],
        ]
    }
}

/// The response to one request.
public struct OutboundResponse: Sendable {
    /// The request's id (null when it could not be read).
    public let id: JSONValue
    /// The result or the error.
    public let result: Result<JSONValue, RPCError>

    /// A response.
    public init(id: JSONValue, result: Result<JSONValue, RPCError>) {
        self.id = id
        self.result = result
    }

    /// The JSON-RPC response.
    public var json: JSONValue {
        switch result {
        case let .success(value): return ["jsonrpc": "2.0", "id": id, "result": value]
        case let .failure(error): return ["jsonrpc": "2.0", "id": id, "error": error.json]
        }
    }
}
