import JSON

/// What one message body holds: one message, a batch, or something that is not JSON.
public enum ParsedPayload: Sendable {
    /// A single message.
    case single(IncomingMessage)
    /// A JSON array: a batch (possibly empty, which is itself an error the session reports).
    case batch([IncomingMessage])
    /// Not JSON at all.
    case unparsable(RPCError)
}

/// Turns one frame's bytes into JSON-RPC messages.
///
/// The envelope (`jsonrpc`, `id`, `method`) is read straight from jansson's tree through
/// `JSONNode`; only `params` and ids are converted to Swift values. A batch yields one message
/// per element.
public enum MessageParser {
    /// Parses one frame, with at most `maxBatch` elements per batch (more is one error).
    public static func parse(_ bytes: [UInt8], maxBatch: Int = .max) -> ParsedPayload {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes)
        } catch {
            return .unparsable(.parse(error))
        }
        let root = document.root
        guard root.kind == .array else { return .single(message(root)) }
        guard root.count <= maxBatch else {
            return .unparsable(RPCError(.limitExceeded, "Batch of \(root.count) messages exceeds the limit of \(maxBatch) (--max-batch raises it)", data: ["limit": .integer(Int64(maxBatch))]))
        }
        var messages: [IncomingMessage] = []
        messages.reserveCapacity(root.count)
        for index in 0..<root.count {
            if let element = root[index] { messages.append(message(element)) }
        }
        return .batch(messages)
    }

    /// Classifies one JSON value as a request, notification, response or invalid message.
    static func message(_ node: JSONNode) -> IncomingMessage {
        guard node.kind == .object else {
            return .invalid(id: nil, .invalidRequest("expected a JSON object, got \(node.value.typeName)"))
        }
        // The envelope's four names in one pass over the members.
        let (idMember, versionMember, methodMember, paramsMember) = node.members("id", "jsonrpc", "method", "params")
        // The id first, so every later error can carry it.
        var id: JSONValue?
        if let idNode = idMember {
            switch idNode.kind {
            case .string, .integer, .double, .null:
                id = idNode.value
            default:
                return .invalid(id: nil, .invalidRequest("'id' must be a string, a number or null, got \(idNode.value.typeName)"))
            }
        }
        guard let version = versionMember else {
            return .invalid(id: id, .invalidRequest("missing \"jsonrpc\": \"2.0\""))
        }
        guard version.isString("2.0") else {
            return .invalid(id: id, .invalidRequest("'jsonrpc' must be the string \"2.0\", got \(version.value)"))
        }
        if let methodNode = methodMember {
            guard let method = methodNode.stringValue else {
                return .invalid(id: id, .invalidRequest("'method' must be a string, got \(methodNode.value.typeName)"))
            }
            let params: RPCParams
            switch paramsMember {
            case nil:
                params = .none
            case let paramsNode? where paramsNode.kind == .null:
                // Strict JSON-RPC forbids `"params": null`, but widely used clients send it for
                // a call without parameters (pygls, jsonrpc-glib, Go's sourcegraph/jsonrpc2):
                // read as "no parameters" (protocol.md §3).
                params = .none
            case let paramsNode?:
                switch paramsNode.value {
                case let .array(values): params = .array(values)
                case let .object(object): params = .object(object)
                case let other:
                    return .invalid(id: id, .invalidRequest("'params' must be an array or an object, got \(other.typeName)"))
                }
            }
            return .request(RPCRequest(id: id, method: method, params: params))
        }
        // No method: a response to one of the daemon's own requests.
        if let id, node["result"] != nil || node["error"] != nil {
            if let errorNode = node["error"] {
                let error = errorNode.value
                let code = error["code"]?.int64Value.map { Int($0) } ?? RPCErrorCode.internalError.rawValue
                let message = error["message"]?.stringValue ?? "error without a message"
                return .response(RPCResponse(id: id, result: .failure(RPCError(RPCErrorCode(rawValue: code), message, data: error["data"]))))
            }
            return .response(RPCResponse(id: id, result: .success(node["result"]?.value ?? .null)))
        }
        return .invalid(id: id, .invalidRequest("missing 'method'"))
    }
}
