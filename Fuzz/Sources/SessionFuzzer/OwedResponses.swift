import RPC
import JSON

/// What the session owes the client for one frame, worked out independently of the host's
/// `MessageParser` from JSON-RPC 2.0 and the wire contract (PROTOCOL-CONTRACT.md):
///
/// - text that is not JSON: one error, id null, -32700;
/// - an empty array, or a batch over the session's limit: one error, id null;
/// - a batch: one array holding the answers its elements owe, in order; nothing at all when
///   none owes one (only notifications and client responses);
/// - a request (an object with `"id"` and a valid `"method"`; `"params"` absent, null, an
///   array or an object): one response with that id;
/// - a notification (no `"id"`): nothing;
/// - a response to one of the daemon's calls (`"id"`, no `"method"`, `"result"` or
///   `"error"`): nothing;
/// - anything else is an invalid request: one -32600 error carrying the id when it is a
///   string, a number or null, else null.
enum OwedResponses: Equatable {
    /// No response at all.
    case nothing
    /// One response object.
    case single(Answer)
    /// One array of responses.
    case batch([Answer])

    /// One response: its id, and its error code when the rules fix it (nil: any outcome).
    struct Answer: Equatable, CustomStringConvertible {
        let id: JSONValue
        let errorCode: Int64?

        var description: String {
            "id \(id.serializedString())" + (errorCode.map { " with error \($0)" } ?? "")
        }
    }

    static let parseError: Int64 = -32700
    static let invalidRequest: Int64 = -32600

    /// What `frame` owes, with batches limited to `maxBatch` elements.
    static func owed(by frame: [UInt8], maxBatch: Int) -> OwedResponses {
        guard let value = try? JSONValue.parse(frame) else {
            return .single(Answer(id: .null, errorCode: parseError))
        }
        guard case let .array(elements) = value else {
            return answer(to: value).map { .single($0) } ?? .nothing
        }
        if elements.isEmpty {
            return .single(Answer(id: .null, errorCode: invalidRequest))
        }
        if elements.count > maxBatch {
            // The limit error's code is the host's own (-32001); only the id is fixed.
            return .single(Answer(id: .null, errorCode: nil))
        }
        let answers = elements.compactMap(answer(to:))
        return answers.isEmpty ? .nothing : .batch(answers)
    }

    /// The answer one message owes, or nil when it owes none.
    static func answer(to message: JSONValue) -> Answer? {
        guard case let .object(object) = message else {
            return Answer(id: .null, errorCode: invalidRequest)
        }
        let id = object["id"]
        if let id, !isValidID(id) {
            return Answer(id: .null, errorCode: invalidRequest)
        }
        let invalid = Answer(id: id ?? .null, errorCode: invalidRequest)
        guard object["jsonrpc"] == .string("2.0") else { return invalid }
        if let method = object["method"] {
            guard case .string = method else { return invalid }
            switch object["params"] {
            // `"params": null` is read as no parameters (protocol.md §3's documented leniency).
            case nil, .null?, .array?, .object?:
                return id.map { Answer(id: $0, errorCode: nil) }
            default:
                return invalid
            }
        }
        if id != nil, object["result"] != nil || object["error"] != nil {
            return nil
        }
        return invalid
    }

    /// JSON-RPC ids are strings, numbers or null.
    static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .integer, .double, .null: return true
        case .bool, .array, .object: return false
        }
    }
}
