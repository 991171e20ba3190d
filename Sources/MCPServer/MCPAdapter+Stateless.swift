import Host
import JSON
import RPC
import Signals

/// The stateless revision, 2026-07-28, beside the handshake era on the same connection.
///
/// The client's first request decides: a request other than `initialize` whose `_meta` carries
/// the revision's protocol version opens the stateless era, anything else the handshake era,
/// which is answered as before. In the stateless era every request carries its own envelope
/// (`_meta`: the protocol version and the client's capabilities), checked on each one; every
/// result says `resultType`, and who answered (`_meta` `serverInfo`); list and read results say
/// how long they may be cached. Resource updates and list changes travel only on
/// `subscriptions/listen` streams, each stamped with its stream's id. `ping`,
/// `logging/setLevel`, `resources/subscribe` and `resources/unsubscribe` are gone from the
/// revision and answered as unknown methods; `initialize` is answered with the versions this
/// connection speaks.
extension MCPAdapter {
    /// The two eras of MCP a connection can speak.
    enum Era: Equatable {
        /// `initialize`, then requests without an envelope (2025-11-25, 2025-06-18).
        case handshake
        /// Every request with its own envelope (2026-07-28).
        case stateless
    }

    /// An open `subscriptions/listen` stream: what it asked for and was granted.
    struct Listen {
        /// The listen request's id, which stamps every notification of the stream.
        let id: JSONValue
        /// Whether it receives `notifications/resources/list_changed`.
        let resourcesListChanged: Bool
        /// The instances whose updates it receives.
        let instances: Set<ExactString>
    }

    /// The stateless revision.
    public static let statelessRevision = "2026-07-28"
    /// Every revision this adapter speaks, newest first (what `server/discover` lists).
    static var allRevisions: [String] { [statelessRevision] + supportedProtocolVersions }

    static let versionKey = "io.modelcontextprotocol/protocolVersion"
    static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
    static let subscriptionKey = "io.modelcontextprotocol/subscriptionId"
    /// `-32022`: the request's protocol version is not one this server speaks.
    static let unsupportedVersion = RPCErrorCode(rawValue: -32022)
    /// How long a client may keep the tool list and the instance template: they never change
    /// while the server runs.
    static let staticTTLMilliseconds: Int64 = 3_600_000

    /// Whether `request` carries the stateless revision's envelope: a method other than
    /// `initialize` with a protocol version in `_meta`.
    static func carriesEnvelope(_ request: RPCRequest) -> Bool {
        guard !bytesEqual(request.method, "initialize"), case let .object(params) = request.params else { return false }
        return params["_meta"]?[versionKey] != nil
    }

    /// `_meta` of a stream's notification.
    static func streamMeta(_ id: JSONValue) -> JSONValue {
        [subscriptionKey: id]
    }

    // MARK: Requests

    func handleStateless(_ request: RPCRequest, _ session: Session) {
        guard let id = request.id else {
            // The revision's one client notification: a stream the client closes ends here,
            // without a response. Any other notification needs nothing.
            if bytesEqual(request.method, "notifications/cancelled"), case let .object(params) = request.params, let ended = params["requestId"] {
                listens.removeAll { $0.id == ended }
            }
            return
        }
        guard let params = Self.namedParams(request) else { return answer(request, .failure(Self.paramsByPosition)) }
        if bytesEqual(request.method, "initialize") {
            let requested = params["protocolVersion"]?.stringValue ?? ""
            return answer(request, .failure(RPCError(
                Self.unsupportedVersion,
                "Unsupported protocol version: this connection speaks \(Self.statelessRevision), which has no initialize handshake",
                data: ["supported": [.string(Self.statelessRevision)], "requested": .string(requested)]
            )))
        }
        if let problem = envelopeProblem(params) { return answer(request, .failure(problem)) }
        let method = request.method
        let result: Result<JSONValue, RPCError>
        switch method {
        case _ where bytesEqual(method, "server/discover"):
            result = .success(cacheable(discovery(), ttl: 0, scope: "public"))
        case _ where bytesEqual(method, "tools/list"):
            result = .success(cacheable(["tools": .array(tools.tools.map(\.json))], ttl: Self.staticTTLMilliseconds, scope: "public"))
        case _ where bytesEqual(method, "tools/call"):
            result = callTool(params, session)
        case _ where bytesEqual(method, "resources/list"):
            result = listResources(session).map { cacheable($0, ttl: 0, scope: "private") }
        case _ where bytesEqual(method, "resources/templates/list"):
            result = .success(cacheable(["resourceTemplates": [Self.instanceTemplate]], ttl: Self.staticTTLMilliseconds, scope: "public"))
        case _ where bytesEqual(method, "resources/read"):
            result = readResource(params, session).map { cacheable($0, ttl: 0, scope: "private") }
        case _ where bytesEqual(method, "subscriptions/listen"):
            // Answered only when the stream ends: the acknowledgement opens it.
            guard case let .failure(error) = listen(id, params, session) else { return settle() }
            result = .failure(error)
        default:
            result = .failure(RPCError(.methodNotFound, "Method not found: '\(method)' (MCP \(Self.statelessRevision) answers server/discover, tools/list, tools/call, resources/list, resources/templates/list, resources/read and subscriptions/listen)"))
        }
        answer(request, result.map(completed))
    }

    /// Why a request's envelope is refused: -32602 when `_meta` lacks the protocol version or
    /// the client's capabilities, -32022 (with the supported and the requested version) for
    /// a version this server does not speak; nil when it is fine.
    func envelopeProblem(_ params: JSONObject) -> RPCError? {
        guard let meta = params["_meta"]?.objectValue, let version = meta[Self.versionKey]?.stringValue,
              meta[Self.capabilitiesKey]?.objectValue != nil else {
            return RPCError(.invalidParams, "Invalid params: params._meta must be an object carrying '\(Self.versionKey)' (a string) and '\(Self.capabilitiesKey)' (an object)")
        }
        guard bytesEqual(version, Self.statelessRevision) else {
            return RPCError(Self.unsupportedVersion, "Unsupported protocol version '\(version)': this connection speaks \(Self.statelessRevision)", data: [
                "supported": [.string(Self.statelessRevision)], "requested": .string(version),
            ])
        }
        return nil
    }

    /// `server/discover`'s answer: the revisions, the capabilities, the instructions.
    func discovery() -> JSONValue {
        [
            "supportedVersions": .array(Self.allRevisions.map { .string($0) }),
            "capabilities": .object(Self.capabilities),
            "instructions": .string(Self.instructions),
        ]
    }

    /// A result of the revision: `resultType` and who answered, beside what it holds.
    func completed(_ value: JSONValue) -> JSONValue {
        var object = value.objectValue ?? [:]
        object["resultType"] = "complete"
        var meta = object["_meta"]?.objectValue ?? [:]
        meta[Self.serverInfoKey] = ["name": .string(identity.name), "version": .string(identity.version)]
        object["_meta"] = .object(meta)
        return .object(object)
    }

    /// A list or read result with how long, and by whom, it may be cached.
    func cacheable(_ value: JSONValue, ttl: Int64, scope: String) -> JSONValue {
        var object = value.objectValue ?? [:]
        object["ttlMs"] = .integer(ttl)
        object["cacheScope"] = .string(scope)
        return .object(object)
    }

    // MARK: Streams

    /// Opens a `subscriptions/listen` stream: the filter checked (every resource a live
    /// instance's), then acknowledged with what is granted, the stream's first message. Tools
    /// never change, so `toolsListChanged` is not granted.
    func listen(_ id: JSONValue, _ params: JSONObject, _ session: Session) -> Result<Void, RPCError> {
        guard let filter = params["notifications"]?.objectValue else {
            return .failure(RPCError(.invalidParams, "Invalid params: subscriptions/listen needs notifications (an object)"))
        }
        var instances: Set<ExactString> = []
        var uris: [JSONValue] = []
        if let given = filter["resourceSubscriptions"] {
            guard let list = given.arrayValue else {
                return .failure(RPCError(.invalidParams, "Invalid params: notifications.resourceSubscriptions must be an array of URIs"))
            }
            for entry in list {
                guard let uri = entry.stringValue, let instance = InstanceURI.instanceID(fromURI: uri), isLive(instance, session) else {
                    return .failure(notFound(uri: entry))
                }
                instances.insert(ExactString(instance))
                uris.append(entry)
            }
        }
        let listChanged = filter["resourcesListChanged"]?.boolValue == true
        listens.append(Listen(id: id, resourcesListChanged: listChanged, instances: instances))
        var granted: JSONObject = [:]
        if listChanged { granted["resourcesListChanged"] = true }
        if !uris.isEmpty { granted["resourceSubscriptions"] = .array(uris) }
        send(.notification(method: "notifications/subscriptions/acknowledged", params: ["_meta": Self.streamMeta(id), "notifications": .object(granted)]))
        return .success(())
    }

    /// The set of instances changed: each stream that asked is told, stamped with its id (the
    /// handshake era tells the connection).
    func announceListChanged() {
        switch era {
        case .stateless?:
            for listen in listens where listen.resourcesListChanged {
                send(.notification(method: "notifications/resources/list_changed", params: ["_meta": Self.streamMeta(listen.id)]))
            }
        case .handshake?, nil:
            send(.notification(method: "notifications/resources/list_changed", params: [:]))
        }
    }

    /// Whether `instance`'s outputs are followed: a resource subscription of the handshake era,
    /// or a stream of the stateless era that asked for it.
    func isFollowed(_ instance: String) -> Bool {
        subscriptions.contains(ExactString(instance)) || listens.contains { $0.instances.contains(ExactString(instance)) }
    }
}
