import Host
import JSON
import RPC
import Signals

/// The session served through the Model Context Protocol (revision 2025-11-25, also
/// answering 2025-06-18), over the same newline-delimited JSON-RPC framing as the plain face.
///
/// It wraps a ``Session`` and translates in both directions; the session does all the work,
/// so the behaviour of every view model, every check and every error is the plain face's:
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
///   a program standing in for a backend. Serve those with the plain face.
/// - The session's diagnostics go to the client as `notifications/message` (`logging/setLevel`
///   decides from which level; `warning` until then) as well as to stderr.
public final class MCPFace: SessionFace {
    /// The protocol revision this face implements.
    public static let protocolVersion = "2025-11-25"
    /// The revisions it answers `initialize` with when the client asks for one of them.
    public static let supportedProtocolVersions = ["2025-11-25", "2025-06-18"]
    /// MCP's (syslog's) levels, least severe first.
    static let logLevels = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]
    /// Where instance resources live.
    static let uriPrefix = "switchboard://instance/"

    private let sendToClient: Session.Sink
    private let identity: ServerIdentity
    private let types: [TypeDescription]
    private let tools: MCPToolCatalog
    private let diagnoseOperator: (String) -> Void
    private var session: Session?

    /// The least severe level sent as `notifications/message` (index into ``logLevels``).
    private var logLevel = 3
    private var subscriptions: Set<ExactString> = []
    /// Subscribed instances with outputs not announced yet, in order of their first output.
    private var updated: [String] = []
    /// Calls to the client the session started; each is refused once the session is free.
    private var refusedCalls: [(id: String, method: String)] = []

    /// Builds a session and its MCP face: the session sends through the face, the face through
    /// `sink`. The arguments are the session's (see ``Session/init``).
    public static func make(
        registry: Registry,
        configuration: SessionConfiguration = SessionConfiguration(),
        clock: DateScheduler,
        diagnose: @escaping (String) -> Void = { _ in },
        afterScheduledWork: @escaping () -> Void = {},
        sink: @escaping Session.Sink
    ) -> (session: Session, face: MCPFace) {
        let face = MCPFace(
            types: registry.descriptions, virtualClock: clock is TestScheduler, identity: configuration.identity,
            diagnose: diagnose, sink: sink
        )
        let session = Session(
            registry: registry,
            configuration: configuration,
            clock: clock,
            diagnose: { [weak face] text in face?.diagnose(text) },
            afterScheduledWork: { [weak face] in
                face?.settle()
                afterScheduledWork()
            },
            sink: { [weak face] message in face?.sessionSent(message) }
        )
        face.session = session
        return (session, face)
    }

    private init(types: [TypeDescription], virtualClock: Bool, identity: ServerIdentity, diagnose: @escaping (String) -> Void, sink: @escaping Session.Sink) {
        self.types = types
        self.identity = identity
        self.diagnoseOperator = diagnose
        self.sendToClient = sink
        self.tools = MCPToolCatalog(types: types, virtualClock: virtualClock, diagnose: diagnose)
    }

    // MARK: SessionFace

    public func handle(parsed: ParsedPayload) {
        guard let session else { return }
        switch parsed {
        case .unparsable, .single(.invalid), .single(.response):
            // Parse errors and invalid messages are answered as JSON-RPC says, as the plain
            // face does; a response answers no request of this face's and is dropped there.
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

    private func handle(_ request: RPCRequest, _ session: Session) {
        let params: JSONObject
        switch request.params {
        case .none: params = [:]
        case let .object(object): params = object
        case .array:
            return answer(request, .failure(RPCError(.invalidParams, "Invalid params: MCP passes parameters by name, as an object")))
        }
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

    private func answer(_ request: RPCRequest, _ result: Result<JSONValue, RPCError>) {
        guard let id = request.id else {
            if case let .failure(error) = result { diagnose("notification \(request.method) failed: \(error.message)") }
            return
        }
        settle()
        send(.response(OutboundResponse(id: id, result: result)))
    }

    private func initialize(_ params: JSONObject) -> Result<JSONValue, RPCError> {
        guard let requested = params["protocolVersion"]?.stringValue else {
            return .failure(RPCError(.invalidParams, "Invalid params: initialize needs protocolVersion (a string)", data: ["supported": .array(Self.supportedProtocolVersions.map { .string($0) })]))
        }
        let version = Self.supportedProtocolVersions.first { bytesEqual($0, requested) } ?? Self.protocolVersion
        return .success([
            "protocolVersion": .string(version),
            "capabilities": [
                "tools": ["listChanged": false],
                "resources": ["subscribe": true, "listChanged": true],
                "logging": [:],
            ],
            "serverInfo": ["name": .string(identity.name), "title": .string(identity.title), "version": .string(identity.version)],
            "instructions": """
            Kickstarter-style view models. Each input tool (<type>.<input>) sends an input to an instance \
            (by default the one named after its type, created on first use) and returns the outputs it caused. \
            create.<type> makes another instance with options; read or subscribe to switchboard://instance/<id> \
            to follow its outputs.
            """,
        ])
    }

    // MARK: Tools

    private func callTool(_ params: JSONObject, _ session: Session) -> Result<JSONValue, RPCError> {
        guard let name = params["name"]?.stringValue else {
            return .failure(RPCError(.invalidParams, "Invalid params: tools/call needs the tool's name (a string)"))
        }
        guard let tool = tools.tool(named: name) else {
            var data: JSONObject = ["name": .string(name)]
            var message = "Unknown tool: '\(name)'"
            if let suggestion = Suggestion.closest(to: name, among: tools.tools.map(\.name)) {
                message += "; did you mean '\(suggestion)'?"
                data["suggestion"] = .string(suggestion)
            }
            return .failure(RPCError(.invalidParams, message, data: .object(data)))
        }
        let arguments: JSONObject
        switch params["arguments"] {
        case nil, .null?: arguments = [:]
        case let .object(object)?: arguments = object
        case let other?: return .failure(RPCError(.invalidParams, "Invalid params: a tool's arguments are an object, not \(other.typeName)"))
        }
        switch request(for: tool.action, arguments, session) {
        case let .failure(message): return .success(Self.toolError(message))
        case let .success(request): return .success(run(request, session))
        }
    }

    /// The session request a tool call stands for, or why the arguments cannot make one.
    private func request(for action: MCPToolCatalog.Action, _ arguments: JSONObject, _ session: Session) -> Result<SessionRequest, ToolArgumentError> {
        /// A host method's call decoded as a client's is; its errors become the tool error's text.
        func host(_ method: String, _ params: JSONObject) -> Result<SessionRequest, ToolArgumentError> {
            session.hostRequest(method: method, params: .object(params)).map { .host($0) }.mapError { ToolArgumentError(Self.text(of: $0)) }
        }
        func only(_ allowed: [String]) -> ToolArgumentError? {
            guard let extra = arguments.keys.first(where: { key in !allowed.contains { bytesEqual($0, key) } }) else { return nil }
            return ToolArgumentError(allowed.isEmpty ? "unknown argument '\(extra)': this tool takes none" : "unknown argument '\(extra)'; the arguments are \(allowed.joined(separator: ", "))")
        }
        func instance() -> Result<String, ToolArgumentError> {
            guard let value = arguments[MCPToolCatalog.instanceArgument] else { return .failure(ToolArgumentError("argument 'instance' is required: the instance's id")) }
            guard let id = value.stringValue else { return .failure(ToolArgumentError("argument 'instance' must be a string, got \(value.typeName)")) }
            return .success(id)
        }
        switch action {
        case let .create(type):
            if let problem = only(["id", "options"]) { return .failure(problem) }
            var params: JSONObject = ["type": .string(type)]
            if let id = arguments["id"] { params["id"] = id }
            if let options = arguments["options"] {
                if options["service"]?.stringValue == "client" {
                    return .failure(ToolArgumentError("option 'service' cannot be \"client\" over MCP: MCP has no way for a client to play a backend service (sampling and elicitation ask a model or a person). Use the built-in service, or the plain JSON-RPC face (switchboard serve) to play it"))
                }
                params["options"] = options
            }
            return host("create", params)
        case let .input(type, input):
            var params = arguments
            var target = type
            if let value = params.removeValue(forKey: MCPToolCatalog.instanceArgument) {
                guard let id = value.stringValue else { return .failure(ToolArgumentError("argument 'instance' must be a string, got \(value.typeName)")) }
                target = id
            }
            return .success(.input(instance: target, input: input, params: .object(params)))
        case .snapshot, .destroy:
            if let problem = only([MCPToolCatalog.instanceArgument]) { return .failure(problem) }
            return instance().map { .host(action == .snapshot ? .snapshot(id: $0) : .destroy(id: $0)) }
        case .list:
            if let problem = only([]) { return .failure(problem) }
            return .success(.host(.list))
        case .advance:
            if let problem = only(["ms"]) { return .failure(problem) }
            guard let ms = arguments["ms"] else { return .failure(ToolArgumentError("argument 'ms' is required: the milliseconds to advance")) }
            return host("advance", ["ms": ms])
        }
    }

    /// Runs one session request and returns the tool result: what it answered and the outputs
    /// it caused, or a tool error with the session's message.
    private func run(_ request: SessionRequest, _ session: Session) -> JSONValue {
        let answer = perform(request, session)
        switch answer.result {
        case let .success(value): return Self.toolResult(value, answer.outputs)
        case let .failure(error): return Self.toolError(ToolArgumentError(Self.text(of: error)))
        }
    }

    /// An error's message, then its data if it has any: a tool error's text.
    static func text(of error: RPCError) -> String {
        var text = error.message
        if let data = error.data { text += "\n" + data.serializedString() }
        return text
    }

    /// A successful call's result: `content` (one text: the session's answer unless null, then
    /// each output as `instance.output = value`, or `(no outputs)`), `structuredContent`
    /// (`result` and `outputs`) and `isError: false`.
    static func toolResult(_ value: JSONValue, _ outputs: [OutputNotification]) -> JSONValue {
        var lines = outputs.map { "\($0.instance).\($0.output) = \($0.value.serializedString())" }
        if lines.isEmpty { lines.append("(no outputs)") }
        if !value.isNull { lines.insert("result: \(value.serializedString())", at: 0) }
        let outputValues: [JSONValue] = outputs.map { ["instance": .string($0.instance), "output": .string($0.output), "value": $0.value] }
        return [
            "content": [["type": "text", "text": .string(lines.joined(separator: "\n"))]],
            "structuredContent": ["result": value, "outputs": .array(outputValues)],
            "isError": false,
        ]
    }

    /// One request to the session, run in process (``Session/perform(_:)``): forgets the
    /// subscription of an instance it destroyed, and says when the set of instances changed.
    private func perform(_ request: SessionRequest, _ session: Session) -> SessionAnswer {
        let before = session.instanceCount
        let answer = session.perform(request)
        if case let .host(.destroy(id)) = request, case .success = answer.result {
            subscriptions.remove(ExactString(id))
        }
        if session.instanceCount != before {
            send(.notification(method: "notifications/resources/list_changed", params: [:]))
        }
        return answer
    }

    /// A tool error's result: the message as text, `isError: true`.
    private static func toolError(_ error: ToolArgumentError) -> JSONValue {
        ["content": [["type": "text", "text": .string(error.message)]], "isError": true]
    }

    // MARK: Resources

    private static let instanceTemplate: JSONValue = [
        "uriTemplate": "switchboard://instance/{id}",
        "name": "instance",
        "title": "A view-model instance",
        "description": "The last value of each output of the instance with this id (percent-encoded).",
        "mimeType": "application/json",
    ]

    private func listResources(_ session: Session) -> Result<JSONValue, RPCError> {
        return perform(.host(.list), session).result.map { list in
            let resources: [JSONValue] = (list.arrayValue ?? []).compactMap { entry in
                guard let id = entry["id"]?.stringValue, let type = entry["type"]?.stringValue else { return nil }
                var resource: JSONObject = [
                    "uri": .string(Self.uri(of: id)),
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

    private func readResource(_ params: JSONObject, _ session: Session) -> Result<JSONValue, RPCError> {
        let id: String
        switch instanceID(params) {
        case let .failure(error): return .failure(error)
        case let .success(value): id = value
        }
        guard case let .success(snapshot) = perform(.host(.snapshot(id: id)), session).result else { return .failure(Self.notFound(params)) }
        return .success(["contents": [["uri": .string(Self.uri(of: id)), "mimeType": "application/json", "text": .string(snapshot.serializedString())]]])
    }

    private func subscribe(_ params: JSONObject, _ session: Session, _ on: Bool) -> Result<JSONValue, RPCError> {
        let id: String
        switch instanceID(params) {
        case let .failure(error): return .failure(error)
        case let .success(value): id = value
        }
        if on {
            // Only a live instance can be followed: the same check as reading it.
            guard case .success = perform(.host(.snapshot(id: id)), session).result else { return .failure(Self.notFound(params)) }
            subscriptions.insert(ExactString(id))
        } else {
            subscriptions.remove(ExactString(id))
        }
        return .success([:])
    }

    /// The instance a `uri` parameter names.
    private func instanceID(_ params: JSONObject) -> Result<String, RPCError> {
        guard let uri = params["uri"]?.stringValue else {
            return .failure(RPCError(.invalidParams, "Invalid params: needs uri (a string)"))
        }
        guard let id = Self.instanceID(fromURI: uri) else { return .failure(Self.notFound(params)) }
        return .success(id)
    }

    /// MCP's "resource not found" (-32002, which the plain face uses for a failed create).
    private static func notFound(_ params: JSONObject) -> RPCError {
        RPCError(RPCErrorCode(rawValue: -32002), "Resource not found: \(params["uri"]?.stringValue ?? "") (live instances are switchboard://instance/<id>; resources/list lists them)", data: ["uri": params["uri"] ?? .null])
    }

    /// `switchboard://instance/<id>`, the id percent-encoded except for unreserved bytes.
    static func uri(of id: String) -> String {
        var text = uriPrefix
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                text.unicodeScalars.append("%")
                text.unicodeScalars.append(hex[Int(byte >> 4)])
                text.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return text
    }

    /// The id in an instance URI; nil for anything else (or invalid percent-encoding).
    static func instanceID(fromURI uri: String) -> String? {
        let bytes = Array(uri.utf8)
        let prefix = Array(uriPrefix.utf8)
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
        var id: [UInt8] = []
        var index = prefix.count
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
                id.append(high << 4 | low)
                index += 3
            } else {
                id.append(bytes[index])
                index += 1
            }
        }
        return String(validating: id, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    // MARK: Logging

    private func setLevel(_ params: JSONObject) -> Result<JSONValue, RPCError> {
        guard let level = params["level"]?.stringValue, let index = Self.logLevels.firstIndex(of: level) else {
            return .failure(RPCError(.invalidParams, "Invalid params: level must be one of \(Self.logLevels.joined(separator: ", "))"))
        }
        logLevel = index
        return .success([:])
    }

    /// A diagnostic of the session's: to stderr, and to the client at warning level.
    private func diagnose(_ text: String) {
        diagnoseOperator(text)
        if logLevel <= 3 {
            send(.notification(method: "notifications/message", params: ["level": "warning", "logger": "switchboard", "data": .string(text)]))
        }
    }

    // MARK: What the session sends

    private func sessionSent(_ message: OutboundMessage) {
        switch message {
        case let .output(notification):
            if subscriptions.contains(ExactString(notification.instance)), !updated.contains(where: { bytesEqual($0, notification.instance) }) {
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
    private func settle() {
        guard let session else { return }
        while !refusedCalls.isEmpty {
            let (id, method) = refusedCalls.removeFirst()
            diagnoseOperator("MCP: \(method) (\(id)) cannot be delegated to an MCP client; refused")
            let error = RPCError(.methodNotFound, "\(method) cannot be delegated: the client speaks MCP")
            session.handle(parsed: .single(.response(RPCResponse(id: .string(id), result: .failure(error)))))
        }
        for id in updated {
            send(.notification(method: "notifications/resources/updated", params: ["uri": .string(Self.uri(of: id))]))
        }
        updated.removeAll()
    }

    private func send(_ message: OutboundMessage) {
        sendToClient(message)
    }
}

/// Why a tool's arguments cannot make a session request: the text of a tool error.
struct ToolArgumentError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
