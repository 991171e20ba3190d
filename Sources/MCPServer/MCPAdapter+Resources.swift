import Host
import JSON
import RPC
import Signals

/// Resources and subscriptions: every live instance as `switchboard://instance/<id>`, its
/// snapshot as contents, and updates for the subscribed ones.
extension MCPAdapter {
    // MARK: Resources

    static let instanceTemplate: JSONValue = [
        "uriTemplate": "switchboard://instance/{id}",
        "name": "instance",
        "title": "A view-model instance",
        "description": "The last value of each output of the instance with this id (percent-encoded).",
        "mimeType": "application/json",
    ]

    func listResources(_ session: Session) -> Result<JSONValue, RPCError> {
        return perform(.host(.list), session).result.map { list in
            let resources: [JSONValue] = (list.arrayValue ?? []).compactMap { entry in
                guard let id = entry["id"]?.stringValue, let type = entry["type"]?.stringValue else { return nil }
                var resource: JSONObject = [
                    "uri": .string(InstanceURI.uri(of: id)),
                    "name": .string(id),
                    "title": .string("\(id) (\(type))"),
                    "mimeType": "application/json",
                ]
                if let summary = types.first(where: { bytesEqual($0.name, type) })?.summary { resource["description"] = .string(summary) }
                return .object(resource)
            }
            return ["resources": .array(resources)]
        }
    }

    func readResource(_ params: JSONObject, _ session: Session) -> Result<JSONValue, RPCError> {
        let id: String
        switch instanceID(params) {
        case let .failure(error): return .failure(error)
        case let .success(value): id = value
        }
        guard case let .success(snapshot) = perform(.host(.snapshot(id: id)), session).result else { return .failure(notFound(uri: params["uri"] ?? .null)) }
        return .success(["contents": [["uri": .string(InstanceURI.uri(of: id)), "mimeType": "application/json", "text": .string(snapshot.serializedString())]]])
    }

    func subscribe(_ params: JSONObject, _ session: Session, _ on: Bool) -> Result<JSONValue, RPCError> {
        let id: String
        switch instanceID(params) {
        case let .failure(error): return .failure(error)
        case let .success(value): id = value
        }
        if on {
            guard isLive(id, session) else { return .failure(notFound(uri: params["uri"] ?? .null)) }
            subscriptions.insert(ExactString(id))
        } else {
            subscriptions.remove(ExactString(id))
        }
        return .success([:])
    }

    /// Whether `id` names a live instance: only one can be followed, the same check as reading it.
    func isLive(_ id: String, _ session: Session) -> Bool {
        if case .success = perform(.host(.snapshot(id: id)), session).result { return true }
        return false
    }

    /// The instance a `uri` parameter names.
    func instanceID(_ params: JSONObject) -> Result<String, RPCError> {
        guard let uri = params["uri"]?.stringValue else {
            return .failure(RPCError(.invalidParams, "Invalid params: needs uri (a string)"))
        }
        guard let id = InstanceURI.instanceID(fromURI: uri) else { return .failure(notFound(uri: params["uri"] ?? .null)) }
        return .success(id)
    }

    /// MCP's "resource not found": -32002 in the handshake era, -32602 in the stateless one
    /// (which must not send -32002), with the URI in `data` either way.
    func notFound(uri: JSONValue) -> RPCError {
        let code = era == .stateless ? RPCErrorCode.invalidParams : RPCErrorCode(rawValue: -32002)
        return RPCError(code, "Resource not found: \(uri.stringValue ?? "") (live instances are switchboard://instance/<id>; resources/list lists them)", data: ["uri": uri])
    }
}
