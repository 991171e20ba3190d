import Host
import JSON
import RPC
import Signals

/// `tools/call`: a tool call made into one session request, run in process, and its result.
extension MCPAdapter {
    // MARK: Tools

    func callTool(_ params: JSONObject, _ session: Session) -> Result<JSONValue, RPCError> {
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
        case let .success(request):
            // A client that passes a progress token hears how a long advance goes.
            if let token = params["_meta"]?["progressToken"], case let .host(.advance(ms)) = request {
                return .success(advance(ms, reportingTo: token, session))
            }
            return .success(run(request, session))
        }
    }

    /// From how many virtual milliseconds an advance reports its progress.
    static let progressFromMilliseconds = 1_000.0
    /// In how many steps such an advance goes, each followed by a progress notification.
    static let progressSteps = 10

    /// `advance` in steps, a `notifications/progress` after each (before the result): what
    /// falls due in each step runs in it, so the outputs and the final time are those of one
    /// advance. Short advances, and one past the clock's limit (which fails whole, leaving the
    /// clock where it was), run as one.
    func advance(_ ms: JSONValue, reportingTo token: JSONValue, _ session: Session) -> JSONValue {
        guard let total = ms.doubleValue, total >= Self.progressFromMilliseconds,
              let left = session.virtualMillisecondsLeft, total <= Double(left) else {
            return run(.host(.advance(ms: ms)), session)
        }
        var outputs: [OutputNotification] = []
        var done = 0.0
        var last: JSONValue = .null
        for step in 1...Self.progressSteps {
            // Whole milliseconds where the client gave whole ones; the last step takes the rest.
            let target = step == Self.progressSteps ? total : (total * Double(step) / Double(Self.progressSteps)).rounded(.down)
            let amount = target - done
            guard amount > 0 else { continue }
            let answer = perform(.host(.advance(ms: amount == amount.rounded() ? .integer(Int64(amount)) : .double(amount))), session)
            outputs += answer.outputs
            switch answer.result {
            case let .success(value): last = value
            case let .failure(error): return Self.toolError(ToolArgumentError(Self.text(of: error)))
            }
            done = target
            let progress: JSONValue = done == done.rounded() ? .integer(Int64(done)) : .double(done)
            send(.notification(method: "notifications/progress", params: [
                "progressToken": token, "progress": progress, "total": ms,
                "message": .string("advanced \(progress) of \(ms) ms"),
            ]))
        }
        return Self.toolResult(last, outputs)
    }

    /// The session request a tool call stands for, or why the arguments cannot make one.
    func request(for action: MCPToolCatalog.Action, _ arguments: JSONObject, _ session: Session) -> Result<SessionRequest, ToolArgumentError> {
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
    func run(_ request: SessionRequest, _ session: Session) -> JSONValue {
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
    func perform(_ request: SessionRequest, _ session: Session) -> SessionAnswer {
        let before = session.instanceCount
        let answer = session.perform(request)
        if case let .host(.destroy(id)) = request, case .success = answer.result {
            subscriptions.remove(ExactString(id))
        }
        if session.instanceCount != before { announceListChanged() }
        return answer
    }

    /// A tool error's result: the message as text, `isError: true`.
    static func toolError(_ error: ToolArgumentError) -> JSONValue {
        ["content": [["type": "text", "text": .string(error.message)]], "isError": true]
    }
}

/// Why a tool's arguments cannot make a session request: the text of a tool error.
struct ToolArgumentError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
