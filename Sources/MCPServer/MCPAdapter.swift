import Host
import JSON
import RPC
import Signals

/// The session served through the Model Context Protocol (revision 2025-11-25, also
/// answering 2025-06-18), over the same newline-delimited JSON-RPC framing as the plain JSON-RPC adapter.
///
/// It wraps a ``Session`` and translates in both directions; the session does all the work,
/// so the behaviour of every view model, every check and every error is the plain JSON-RPC adapter's:
/// - `tools/list`: tools generated from the session's description (``MCPToolCatalog``).
/// - `tools/call`: one request to the session. Its result carries the outputs the call caused,
///   in order, as `structuredContent` and as text. What the session refuses (bad arguments, an
///   unknown instance, a failed `create`) is a tool error (`isError: true`), so a model can
///   correct itself; an unknown tool or a malformed request is a protocol error.
/// - Resources: every live instance, `switchboard://instance/<id>`, whose contents are its
///   snapshot. A subscribed instance's outputs arrive as `notifications/resources/updated`
///   (once per instance per call or timer turn); creating or destroying an instance sends
///   `notifications/resources/list_changed`.
/// - Services the client would play (`"service": "client"`) are refused with a tool error:
///   MCP's requests to the client (sampling, elicitation, roots) ask a person or a model, not
///   a program standing in for a backend. Serve those with the plain JSON-RPC adapter.
/// - The session's diagnostics go to the client as `notifications/message` (`logging/setLevel`
///   decides from which level; `warning` until then) as well as to stderr.
public final class MCPAdapter: ProtocolAdapter {
    /// The protocol revision this adapter implements.
    public static let protocolVersion = "2025-11-25"
    /// The revisions it answers `initialize` with when the client asks for one of them.
    public static let supportedProtocolVersions = ["2025-11-25", "2025-06-18"]
    /// MCP's (syslog's) levels, least severe first.
    static let logLevels = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]

    let sendToClient: Session.Sink
    let identity: ServerIdentity
    let types: [TypeDescription]
    let tools: MCPToolCatalog
    let diagnoseOperator: (String) -> Void
    var session: Session?

    /// The least severe level sent as `notifications/message` (index into ``logLevels``).
    var logLevel = 3
    var subscriptions: Set<ExactString> = []
    /// Subscribed instances with outputs not announced yet, in order of their first output.
    var updated: [String] = []
    /// Calls to the client the session started; each is refused once the session is free.
    var refusedCalls: [(id: String, method: String)] = []
    /// Which revision this connection speaks, decided by the client's first request (see
    /// `Era`); nil until then.
    var era: Era?
    /// The open `subscriptions/listen` streams of the stateless era, in the order they opened.
    var listens: [Listen] = []

    /// Builds a session and its MCP adapter: the session sends through the adapter, the adapter through
    /// `sink`. The arguments are the session's (see ``Session/init``).
    public static func make(
        registry: Registry,
        configuration: SessionConfiguration = SessionConfiguration(),
        clock: DateScheduler,
        diagnose: @escaping (String) -> Void = { _ in },
        afterScheduledWork: @escaping () -> Void = {},
        sink: @escaping Session.Sink
    ) -> (session: Session, adapter: MCPAdapter) {
        let adapter = MCPAdapter(
            types: registry.descriptions, virtualClock: clock is TestScheduler, identity: configuration.identity,
            diagnose: diagnose, sink: sink
        )
        let session = Session(
            registry: registry,
            configuration: configuration,
            clock: clock,
            diagnose: { [weak adapter] text in adapter?.diagnose(text) },
            afterScheduledWork: { [weak adapter] in
                adapter?.settle()
                afterScheduledWork()
            },
            sink: { [weak adapter] message in adapter?.sessionSent(message) }
        )
        adapter.session = session
        return (session, adapter)
    }

    private init(types: [TypeDescription], virtualClock: Bool, identity: ServerIdentity, diagnose: @escaping (String) -> Void, sink: @escaping Session.Sink) {
        self.types = types
        self.identity = identity
        self.diagnoseOperator = diagnose
        self.sendToClient = sink
        self.tools = MCPToolCatalog(types: types, virtualClock: virtualClock, diagnose: diagnose)
    }

    // MARK: ProtocolAdapter

    public func handle(parsed: ParsedPayload) {
        guard let session else { return }
        switch parsed {
        case .unparsable, .single(.invalid), .single(.response):
            // Parse errors and invalid messages are answered as JSON-RPC says, as the plain
            // adapter does; a response answers no request of this adapter's and is dropped there.
            session.handle(parsed: parsed)
        case .batch:
            send(.response(OutboundResponse(id: .null, result: .failure(RPCError(
                .invalidRequest, "Invalid request: MCP does not use JSON-RPC batches; send one message per line"
            )))))
        case let .single(.request(request)):
            handle(request, session)
        }
        settle()
    }

    public func handleOversizedFrame(length: Int, limit: Int) {
        session?.handleOversizedFrame(length: length, limit: limit)
    }

    public func handleMalformedFrame(_ reason: String) {
        session?.handleMalformedFrame(reason)
    }

    public func inputEnded() {
        session?.inputEnded()
        settle()
    }

    public var isShutdownRequested: Bool { session?.isShutdownRequested ?? false }

    // MARK: Requests

    func handle(_ request: RPCRequest, _ session: Session) {
        if era == nil, request.id != nil { era = Self.carriesEnvelope(request) ? .stateless : .handshake }
        if era == .stateless { return handleStateless(request, session) }
        if request.id != nil, Self.carriesEnvelope(request) {
            return answer(request, .failure(RPCError(.invalidRequest, "Invalid request: this connection speaks the initialize handshake (\(Self.protocolVersion)); requests carrying the \(Self.statelessRevision) envelope are not accepted on it")))
        }
        guard let params = Self.namedParams(request) else { return answer(request, .failure(Self.paramsByPosition)) }
        let result: Result<JSONValue, RPCError>
        switch request.method {
        case _ where bytesEqual(request.method, "initialize"): result = initialize(params)
        case _ where bytesEqual(request.method, "ping"): result = .success([:])
        case _ where bytesEqual(request.method, "tools/list"): result = .success(["tools": .array(tools.tools.map(\.json))])
        case _ where bytesEqual(request.method, "tools/call"): result = callTool(params, session)
        case _ where bytesEqual(request.method, "resources/list"): result = listResources(session)
        case _ where bytesEqual(request.method, "resources/templates/list"): result = .success(["resourceTemplates": [Self.instanceTemplate]])
        case _ where bytesEqual(request.method, "resources/read"): result = readResource(params, session)
        case _ where bytesEqual(request.method, "resources/subscribe"): result = subscribe(params, session, true)
        case _ where bytesEqual(request.method, "resources/unsubscribe"): result = subscribe(params, session, false)
        case _ where bytesEqual(request.method, "logging/setLevel"): result = setLevel(params)
        case _ where request.id == nil && request.method.utf8.starts(with: "notifications/".utf8):
            // initialized, cancelled (every call has finished by the time it could arrive),
            // roots/list_changed: nothing to do. (With an id it is a request, answered below.)
            return
        default:
            result = .failure(RPCError(.methodNotFound, "Method not found: '\(request.method)' (the MCP face answers initialize, ping, tools/*, resources/* and logging/setLevel)"))
        }
        answer(request, result)
    }

    /// A request's params by name (none is an empty object); nil when given by position,
    /// which MCP never does.
    static func namedParams(_ request: RPCRequest) -> JSONObject? {
        switch request.params {
        case .none: [:]
        case let .object(object): object
        case .array: nil
        }
    }

    /// The answer to params given by position.
    static let paramsByPosition = RPCError(.invalidParams, "Invalid params: MCP passes parameters by name, as an object")

    func answer(_ request: RPCRequest, _ result: Result<JSONValue, RPCError>) {
        guard let id = request.id else {
            if case let .failure(error) = result { diagnose("notification \(request.method) failed: \(error.message)") }
            return
        }
        settle()
        send(.response(OutboundResponse(id: id, result: result)))
    }

    func initialize(_ params: JSONObject) -> Result<JSONValue, RPCError> {
        guard let requested = params["protocolVersion"]?.stringValue else {
            return .failure(RPCError(.invalidParams, "Invalid params: initialize needs protocolVersion (a string)", data: ["supported": .array(Self.supportedProtocolVersions.map { .string($0) })]))
        }
        let version = Self.supportedProtocolVersions.first { bytesEqual($0, requested) } ?? Self.protocolVersion
        var capabilities = Self.capabilities
        capabilities["logging"] = [:]
        return .success([
            "protocolVersion": .string(version),
            "capabilities": .object(capabilities),
            "serverInfo": ["name": .string(identity.name), "title": .string(identity.title), "version": .string(identity.version)],
            "instructions": .string(Self.instructions),
        ])
    }

    /// What the server can do in both eras (the handshake era adds `logging`): tools that never
    /// change, resources that can be subscribed to and whose list changes.
    static let capabilities: JSONObject = [
        "tools": ["listChanged": false],
        "resources": ["subscribe": true, "listChanged": true],
    ]

    /// What the server tells a model about itself, in both eras.
    static let instructions = """
        Kickstarter-style view models. Each input tool (<type>.<input>) sends an input to an instance \
        (by default the one named after its type, created on first use) and returns the outputs it caused. \
        create.<type> makes another instance with options; read or subscribe to switchboard://instance/<id> \
        to follow its outputs.
        """

    // MARK: Logging

    func setLevel(_ params: JSONObject) -> Result<JSONValue, RPCError> {
        guard let level = params["level"]?.stringValue, let index = Self.logLevels.firstIndex(of: level) else {
            return .failure(RPCError(.invalidParams, "Invalid params: level must be one of \(Self.logLevels.joined(separator: ", "))"))
        }
        logLevel = index
        return .success([:])
    }

    /// A diagnostic of the session's: to stderr, and in the handshake era to the client at
    /// warning level (the stateless revision sends log messages only to a request that asks).
    func diagnose(_ text: String) {
        diagnoseOperator(text)
        if era != .stateless, logLevel <= 3 {
            send(.notification(method: "notifications/message", params: ["level": "warning", "logger": "switchboard", "data": .string(text)]))
        }
    }

    // MARK: What the session sends

    func sessionSent(_ message: OutboundMessage) {
        switch message {
        case let .output(notification):
            if isFollowed(notification.instance), !updated.contains(where: { bytesEqual($0, notification.instance) }) {
                updated.append(notification.instance)
            }
        case .response:
            send(message)
        case let .clientRequest(id, method, _):
            refusedCalls.append((id, method))
        case .batch, .notification:
            send(message)
        }
    }

    /// After each request, timer turn or end of input: announces updated resources, forgets
    /// subscriptions of destroyed instances, and refuses the calls the session made to the
    /// client (it is free to take the answers now).
    func settle() {
        guard let session else { return }
        while !refusedCalls.isEmpty {
            let (id, method) = refusedCalls.removeFirst()
            diagnoseOperator("MCP: \(method) (\(id)) cannot be delegated to an MCP client; refused")
            let error = RPCError(.methodNotFound, "\(method) cannot be delegated: the client speaks MCP")
            session.handle(parsed: .single(.response(RPCResponse(id: .string(id), result: .failure(error)))))
        }
        for id in updated {
            let uri = JSONValue.string(InstanceURI.uri(of: id))
            switch era {
            case .stateless?:
                for listen in listens where listen.instances.contains(ExactString(id)) {
                    send(.notification(method: "notifications/resources/updated", params: ["_meta": Self.streamMeta(listen.id), "uri": uri]))
                }
            case .handshake?, nil:
                send(.notification(method: "notifications/resources/updated", params: ["uri": uri]))
            }
        }
        updated.removeAll()
    }

    func send(_ message: OutboundMessage) {
        sendToClient(message)
    }
}
