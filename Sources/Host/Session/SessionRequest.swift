import JSON
import RPC

/// What an adapter or tool in the same process asks the session (``Session/perform(_:)``): a
/// host method, or an input of an instance (an instance named after a type is created on
/// first use, as a client's `signup.nameChanged` creates `signup`).
public enum SessionRequest: Sendable, Equatable {
    /// One of the host's own methods.
    case host(HostRequest)
    /// Input `input` of the instance called `instance`, with its arguments.
    case input(instance: String, input: String, params: RPCParams)

    /// The JSON-RPC method a client would call for it (`create`, `signup.nameChanged`): what
    /// its outputs' `cause` names.
    public var method: String {
        switch self {
        case let .host(request): request.method
        case let .input(instance, input, _): "\(instance).\(input)"
        }
    }
}

/// What ``Session/perform(_:)`` answers: the request's result, and the outputs it caused, in
/// the order they were sent.
public struct SessionAnswer: Sendable {
    /// The result, or the error a client would get for the same request.
    public let result: Result<JSONValue, RPCError>
    /// The outputs the request caused, in order (each was also sent to the session's sink).
    public let outputs: [OutputNotification]

    /// An answer.
    public init(result: Result<JSONValue, RPCError>, outputs: [OutputNotification]) {
        self.result = result
        self.outputs = outputs
    }
}
