import JSON

/// One JSON-RPC message from the client, classified.
public enum IncomingMessage: Sendable {
    /// A request (with `id`) or a notification (`id` absent).
    case request(RPCRequest)
    /// A response to a request the daemon sent to the client (service delegation).
    case response(RPCResponse)
    /// Not a valid message; `id` is the request's id when it could be read, so the client can
    /// still match the error to its request.
    case invalid(id: JSONValue?, RPCError)
}

/// A request or notification from the client.
public struct RPCRequest: Sendable {
    /// The id to answer with; nil for a notification, which gets no response.
    public let id: JSONValue?
    /// The method name.
    public let method: String
    /// The parameters.
    public let params: RPCParams

    /// A request as a protocol adapter builds it for the session (MCP's `tools/call` becomes one).
    public init(id: JSONValue?, method: String, params: RPCParams) {
        self.id = id
        self.method = method
        self.params = params
    }
}

/// A request's parameters.
public enum RPCParams: Sendable, Equatable {
    /// No `params` member.
    case none
    /// By position.
    case array([JSONValue])
    /// By name.
    case object(JSONObject)
}

/// A response from the client to a request of the daemon's.
public struct RPCResponse: Sendable {
    /// The id of the daemon's request.
    public let id: JSONValue
    /// The result, or the client's error.
    public let result: Result<JSONValue, RPCError>

    /// A response as a protocol adapter builds it for the session.
    public init(id: JSONValue, result: Result<JSONValue, RPCError>) {
        self.id = id
        self.result = result
    }
}
