import JSON

/// What made an output happen, so a client can attribute every notification.
public enum Cause: Sendable, Equatable {
    /// A request or notification from the client (`id` is nil for a notification).
    case request(id: JSONValue?, method: String)
    /// A scheduled action: a service's simulated latency, a debounce, a timer.
    case timer
    /// The client's answer to a call the daemon delegated to it.
    case reply(call: String)
    /// The client went away; pending delegated calls failed.
    case disconnect

    /// The cause as it appears in a notification.
    public var json: JSONValue {
        switch self {
        case let .request(id, method):
            var object: JSONObject = ["kind": "request"]
            if let id { object["id"] = id }
            object["method"] = .string(method)
            return .object(object)
        case .timer:
            return ["kind": "timer"]
        case let .reply(call):
            return ["kind": "reply", "call": .string(call)]
        case .disconnect:
            return ["kind": "disconnect"]
        }
    }
}
