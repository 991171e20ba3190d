import JSON
import RPC

/// A call of one of the host's own methods, decoded: the one place where a host method's JSON
/// params become typed values (`decode(method:params:)`). The daemon's dispatch, the MCP adapter
/// and the REPL all reach the session's host methods through it (``Session/perform(_:)``).
public enum HostRequest: Sendable, Equatable {
    /// `create {"type", "id"?, "options"?}`: an instance of `type`, with `id` or a generated one.
    case create(type: String, id: String?, options: JSONObject)
    /// `destroy {"id"}`.
    case destroy(id: String)
    /// `list`: the live instances in creation order.
    case list
    /// `describe {"type"?}`: every type, or the one named.
    case describe(type: String?)
    /// `snapshot {"id"}`: the last value of each output of an instance.
    case snapshot(id: String)
    /// `advance {"ms"}`: moves the virtual clock; `ms` is a non-negative, finite JSON number
    /// (kept as given, integer or not, so a limit is checked and quoted exactly).
    case advance(ms: JSONValue)
    /// `shutdown`: the server stops once the answer is flushed.
    case shutdown

    /// The host methods and their parameters, in the order they may be given by position:
    /// declared once, for decoding (which refuses any other parameter) and for `rpc.discover`.
    public static let methods: [HostMethod] = [
        HostMethod("create", [
            .init("type", required: true, schema: ["type": "string"]),
            .init("id", required: false, schema: ["type": ["string", "null"]]),
            .init("options", required: false, schema: ["type": ["object", "null"]]),
        ]),
        HostMethod("destroy", [.init("id", required: true, schema: ["type": "string"])]),
        HostMethod("list", []),
        HostMethod("describe", [.init("type", required: false, schema: ["type": ["string", "null"]])]),
        HostMethod("snapshot", [.init("id", required: true, schema: ["type": "string"])]),
        HostMethod("advance", [.init("ms", required: true, schema: ["type": "number", "minimum": 0])], needsVirtualClock: true),
        HostMethod("shutdown", []),
    ]

    /// The host methods' names.
    public static let methodNames = methods.map(\.name)

    /// The host methods by exact name (names match by their bytes, never by canonical
    /// equivalence).
    static let methodsByName = Dictionary(uniqueKeysWithValues: methods.map { (ExactString($0.name), $0) })

    /// The method's name.
    public var method: String {
        switch self {
        case .create: "create"
        case .destroy: "destroy"
        case .list: "list"
        case .describe: "describe"
        case .snapshot: "snapshot"
        case .advance: "advance"
        case .shutdown: "shutdown"
        }
    }

    /// The host method called `method`, or the error for a name that is none.
    static func hostMethod(named method: String) -> Result<HostMethod, RPCError> {
        if let found = methodsByName[ExactString(method)] { return .success(found) }
        var message = "Method not found: '\(method)'. Host methods are \(methodNames.joined(separator: ", ")); view-model inputs are called as <instance>.<input>"
        var data: JSONObject = ["methods": .array(methodNames.map { .string($0) })]
        if let suggestion = Suggestion.closest(to: method, among: methodNames) {
            message += "; did you mean '\(suggestion)'?"
            data["suggestion"] = .string(suggestion)
        }
        return .failure(RPCError(.methodNotFound, message, data: .object(data)))
    }

    /// Decodes a call of host method `method` with `params`: an unknown method is -32601, a
    /// parameter the method does not take, a missing one or one of the wrong type -32602, each
    /// worded as the view-model inputs' errors are.
    public static func decode(method: String, params: RPCParams) -> Result<HostRequest, RPCError> {
        hostMethod(named: method).flatMap { decode($0, params: params) }
    }

    /// `decode(method:params:)` for a method already found.
    static func decode(_ hostMethod: HostMethod, params: RPCParams) -> Result<HostRequest, RPCError> {
        let arguments: JSONObject
        switch namedArguments(params, of: hostMethod) {
        case let .success(object): arguments = object
        case let .failure(error): return .failure(error)
        }
        let name = hostMethod.name
        func string(_ parameter: String) -> Result<String, RPCError> {
            guard let text = arguments[parameter]?.stringValue else {
                return .failure(paramError(name, parameter, expected: "string", found: arguments[parameter]))
            }
            return .success(text)
        }
        /// A parameter that may be absent or null, else of the type `read` accepts.
        func optional<Value>(_ parameter: String, _ expected: String, _ read: (JSONValue) -> Value?) -> Result<Value?, RPCError> {
            guard let given = arguments[parameter], !given.isNull else { return .success(nil) }
            guard let value = read(given) else { return .failure(paramError(name, parameter, expected: expected, found: given)) }
            return .success(value)
        }
        switch name {
        case "create":
            return string("type").flatMap { type in
                optional("options", "object", \.objectValue).flatMap { options in
                    optional("id", "string", \.stringValue).map { id in .create(type: type, id: id, options: options ?? [:]) }
                }
            }
        case "destroy": return string("id").map { .destroy(id: $0) }
        case "list": return .success(.list)
        case "describe": return optional("type", "string", \.stringValue).map { .describe(type: $0) }
        case "snapshot": return string("id").map { .snapshot(id: $0) }
        case "advance":
            guard let value = arguments["ms"], let ms = value.doubleValue else {
                return .failure(paramError("advance", "ms", expected: "non-negative number", found: arguments["ms"]))
            }
            // A number, but out of range: "got integer" would not say what is wrong.
            guard ms >= 0, ms.isFinite else {
                return .failure(paramError("advance", "ms", expected: "non-negative number", found: value, showingValue: true))
            }
            return .success(.advance(ms: value))
        case "shutdown": return .success(.shutdown)
        default:
            // `methods` has no other name; a method added there without a case here is refused
            // rather than run as another.
            return .failure(RPCError(.methodNotFound, "Method not found: '\(name)'"))
        }
    }

    /// A host method's params as an object by name, whether given by name or by position (in
    /// the order of its parameters). Any other name, or more values than it has parameters, is
    /// an error worded as the view-model inputs' are (`ArgumentMatcher`), with a suggestion
    /// when a name is close to one of them.
    private static func namedArguments(_ params: RPCParams, of hostMethod: HostMethod) -> Result<JSONObject, RPCError> {
        let method = hostMethod.name
        let allowed = hostMethod.parameters.map(\.name)
        switch params {
        case .none:
            return .success([:])
        case let .object(object):
            if let unknown = object.keys.first(where: { key in !allowed.contains { bytesEqual($0, key) } }) {
                var message = "Invalid params: \(method) has no parameter '\(unknown)'"
                message += allowed.isEmpty ? "; it takes none" : "; it takes \(allowed.joined(separator: ", "))"
                var data: JSONObject = ["parameter": .string(unknown)]
                if let suggestion = Suggestion.closest(to: unknown, among: allowed) {
                    message += "; did you mean '\(suggestion)'?"
                    data["suggestion"] = .string(suggestion)
                }
                return .failure(RPCError(.invalidParams, message, data: .object(data)))
            }
            return .success(object)
        case let .array(values):
            guard values.count <= allowed.count else {
                let most = allowed.count == 1 ? "1 parameter" : "\(allowed.count) parameters"
                let takes = allowed.isEmpty ? "no parameters" : "at most \(most) (\(allowed.joined(separator: ", ")))"
                return .failure(RPCError(
                    .invalidParams, "Invalid params: \(method) takes \(takes), got \(values.count)",
                    data: ["expected": .integer(Int64(allowed.count)), "got": .integer(Int64(values.count))]
                ))
            }
            return .success(JSONObject(Array(zip(allowed, values))))
        }
    }

    /// A parameter given as the wrong type, or missing; with `showingValue`, a value of the
    /// right type out of range, which the message then quotes (and `data.value` holds).
    static func paramError(_ method: String, _ parameter: String, expected: String, found: JSONValue?, showingValue: Bool = false) -> RPCError {
        let foundText = found.map(\.typeName) ?? "nothing"
        var data: JSONObject = ["parameter": .string(parameter), "expected": .string(expected), "found": .string(foundText)]
        var got = foundText
        if showingValue, let found {
            got = "\(found)"
            data["value"] = found
        }
        return RPCError(.invalidParams, "Invalid params: \(method) needs '\(parameter)' as \(expected), got \(got)", data: .object(data))
    }
}
