import JSON
import Signals

/// The way back to the client: a view model's service call becomes a JSON-RPC request from
/// the daemon, and the client's result or error feeds the view model.
public protocol ClientChannel: AnyObject {
    /// A producer that, when started, sends `method` with `params` to the client and then sends
    /// the client's result and completes, or fails. Interrupting it abandons the call (a late
    /// answer is ignored).
    func call(_ method: String, params: JSONValue) -> SignalProducer<JSONValue, ClientCallError>
}

/// Why a call to the client did not produce a result.
public enum ClientCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The client answered with a JSON-RPC error.
    case remote(code: Int, message: String, data: JSONValue?)
    /// The client did not answer in time.
    case timedOut(seconds: Double)
    /// The client went away (end of input) before answering.
    case disconnected
    /// Too many calls to the client are waiting for answers.
    case tooManyPending(limit: Int)

    public var description: String {
        switch self {
        case let .remote(_, message, _): return message
        case let .timedOut(seconds): return "the client did not answer within \(Self.format(seconds)) s"
        case .disconnected: return "the client disconnected before answering"
        case let .tooManyPending(limit): return "too many calls to the client are pending (limit \(limit))"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
