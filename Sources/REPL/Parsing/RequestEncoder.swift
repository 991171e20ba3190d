import JSON

/// Writes the JSON-RPC request text for a call, exactly as a client would send it.
enum RequestEncoder {
    /// `{"jsonrpc":"2.0","id":ID,"method":METHOD,"params":PARAMS}` (no `params` when nil).
    static func request(id: JSONValue, method: String, params: JSONValue?) -> String {
        var object: JSONObject = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
        if let params { object["params"] = params }
        return JSONValue.object(object).serializedString()
    }

    /// The host-method request for a dot command, or nil for commands the REPL handles alone.
    static func hostCall(for command: MetaCommand) -> (method: String, params: JSONValue?)? {
        switch command {
        case .types, .help:
            return ("describe", nil)
        case let .new(type, id, options):
            var params: JSONObject = ["type": .string(type)]
            if let id { params["id"] = .string(id) }
            if let options { params["options"] = .object(options) }
            return ("create", .object(params))
        case let .destroy(id):
            return ("destroy", ["id": .string(id)])
        case .list:
            return ("list", nil)
        case let .snapshot(id):
            return ("snapshot", ["id": .string(id)])
        case let .advance(ms):
            let value: JSONValue = ms == ms.rounded() && abs(ms) < 1e15 ? .integer(Int64(ms)) : .double(ms)
            return ("advance", ["ms": value])
        case .raw, .record, .stop, .timeline, .quit:
            return nil
        }
    }
}
