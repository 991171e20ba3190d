import RPC
import FoundationEssentials
import JSON
import Signals

extension Session {
    /// The host's own methods (names without a dot) with their parameters, in the order they
    /// may be given by position: declared once, for dispatch (which refuses any other
    /// parameter, `namedArguments`) and for `rpc.discover`.
    static let hostMethodTable: [HostMethod] = [
        HostMethod("create", [
            .init("type", required: true, schema: ["type": "string"]),
            .init("id", required: false, schema: ["type": ["string", "null"]]),
            .init("options", required: false, schema: ["type": ["object", "null"]]),
        ]),
        HostMethod("destroy", [.init("id", required: true, schema: ["type": "string"])]),
        HostMethod("list", []),
        HostMethod("describe", [.init("type", required: false, schema: ["type": ["string", "null"]])]),
        HostMethod("snapshot", [.init("id", required: true, schema: ["type": "string"])]),
        HostMethod("advance", [.init("ms", required: true, schema: ["type": "number", "minimum": 0])]),
        HostMethod("shutdown", []),
    ]
    /// The host's own methods' names.
    static let hostMethods = hostMethodTable.map(\.name)
    /// The host methods by exact name.
    static let hostMethodsByName = Dictionary(uniqueKeysWithValues: hostMethodTable.map { (ExactString($0.name), $0) })

    /// Runs a host method. Names match by their bytes, never by canonical equivalence.
    func callHostMethod(_ request: RPCRequest) -> Result<JSONValue, RPCError> {
        guard let method = Self.hostMethodsByName[ExactString(request.method)] else {
            var message = "Method not found: '\(request.method)'. Host methods are \(Self.hostMethods.joined(separator: ", ")); view-model inputs are called as <instance>.<input>"
            var data: JSONObject = ["methods": .array(Self.hostMethods.map { .string($0) })]
            if let suggestion = Suggestion.closest(to: request.method, among: Self.hostMethods) {
                message += "; did you mean '\(suggestion)'?"
                data["suggestion"] = .string(suggestion)
            }
            return .failure(RPCError(.methodNotFound, message, data: .object(data)))
        }
        // Every call's params are checked against the method's parameters here, for the
        // methods without any too: a parameter a method does not take is refused, never ignored.
        let arguments: JSONObject
        switch namedArguments(request.params, of: method) {
        case let .success(object): arguments = object
        case let .failure(error): return .failure(error)
        }
        switch method.name {
        case "create": return create(arguments)
        case "destroy": return destroy(arguments)
        case "list": return .success(list())
        case "describe": return describe(arguments)
        case "snapshot": return instanceArgument(arguments, method: "snapshot").map(\.snapshot)
        case "advance": return advance(arguments)
        default:
            // "shutdown": the table has no other name.
            requestShutdown()
            return .success(.null)
        }
    }

    /// The error for a `type` parameter that names no registered type.
    private func unknownType(_ type: String) -> RPCError {
        var message = "Invalid params: no view-model type named '\(type)'; types are \(registry.names.joined(separator: ", "))"
        var data: JSONObject = ["types": .array(registry.names.map { .string($0) })]
        if let suggestion = Suggestion.closest(to: type, among: registry.names) {
            message += "; did you mean '\(suggestion)'?"
            data["suggestion"] = .string(suggestion)
        }
        return RPCError(.invalidParams, message, data: .object(data))
    }

    /// `describe {"type"?}` → `{"types": [...]}`: every type, or only the one named (the same
    /// document, one entry long).
    private func describe(_ arguments: JSONObject) -> Result<JSONValue, RPCError> {
        guard let given = arguments["type"], !given.isNull else { return .success(describeDocument) }
        guard let type = given.stringValue else {
            return .failure(paramError("describe", "type", expected: "string", found: given))
        }
        guard let definition = registry[type] else { return .failure(unknownType(type)) }
        return .success(TypeDescription.describeDocument([definition.description]))
    }

    // MARK: Instances

    /// `create {"type", "id"?, "options"?}` → `{"id", "type"}`.
    private func create(_ arguments: JSONObject) -> Result<JSONValue, RPCError> {
        guard let type = arguments["type"]?.stringValue else {
            return .failure(paramError("create", "type", expected: "string", found: arguments["type"]))
        }
        guard let definition = registry[type] else { return .failure(unknownType(type)) }
        var options = JSONObject()
        if let given = arguments["options"], !given.isNull {
            guard let object = given.objectValue else {
                return .failure(paramError("create", "options", expected: "object", found: given))
            }
            options = object
        }
        let id: String
        if let given = arguments["id"], !given.isNull {
            guard let text = given.stringValue else { return .failure(paramError("create", "id", expected: "string", found: given)) }
            if let problem = Self.problem(withID: text) {
                return .failure(RPCError(.invalidParams, "Invalid params: instance id '\(text)' \(problem)", data: ["parameter": "id"]))
            }
            guard instances[text] == nil else {
                return .failure(RPCError(.instanceExists, "Instance '\(text)' already exists; destroy it first or choose another id", data: ["id": .string(text)]))
            }
            id = text
        } else {
            id = generateID(for: type)
        }
        return createInstance(of: definition, type: type, id: id, options: options).map { instance in
            ["id": .string(instance.id), "type": .string(type)]
        }
    }

    /// Why `id` cannot name an instance, or nil if it can.
    static func problem(withID id: String) -> String? {
        if id.isEmpty { return "is empty" }
        // By bytes, as a method is split: a dot followed by a combining mark is one Character
        // that `contains(".")` would not find.
        if id.utf8.contains(methodSeparator) { return "contains a dot (ids never do: the dot separates instance and input)" }
        if bytesEqual(id, reservedTarget.description) { return "is reserved by JSON-RPC" }
        return nil
    }

    /// Creates an instance of `definition`, registered as `type` (the caller has looked it up),
    /// and subscribes to its outputs; property outputs send their current values now, as
    /// consequences of the current request.
    func createInstance(of definition: ViewModelDefinition, type: String, id: String, options: JSONObject) -> Result<Instance, RPCError> {
        guard instances.count < configuration.maxInstances else {
            return .failure(RPCError(.limitExceeded, "Instance limit reached: \(configuration.maxInstances) instances are alive; destroy some first", data: ["limit": .integer(Int64(configuration.maxInstances))]))
        }
        let context = CreationContext(id: id, options: options, scheduler: scheduler, client: clientChannel, settings: configuration.settings, storage: storage, log: diagnose)
        let model: AnyObject
        do {
            model = try definition.instantiate(context)
        } catch {
            var data: JSONObject = ["type": .string(type), "id": .string(id)]
            if let option = error.option { data["option"] = .string(option) }
            return .failure(RPCError(.creationFailed, "Could not create '\(id)' of type \(type): \(error.message)", data: .object(data)))
        }
        let instance = Instance(id: id, definition: definition, model: model)
        instances.insert(instance)
        instanceCreated()
        instance.connect(to: self)
        return .success(instance)
    }

    /// `destroy {"id"}` → `true`.
    private func destroy(_ arguments: JSONObject) -> Result<JSONValue, RPCError> {
        switch instanceArgument(arguments, method: "destroy") {
        case let .failure(error): return .failure(error)
        case let .success(instance):
            instance.destroy()
            instances.remove(instance)
            returnMemoryIfMostInstancesAreGone()
            return .success(true)
        }
    }

    /// `list` → `[{"id", "type"}]` in creation order.
    private func list() -> JSONValue {
        .array(instances.inCreationOrder.map { ["id": .string($0.id), "type": .string($0.definition.name)] })
    }

    /// `advance {"ms"}` (virtual clock only) → `{"now": ms since the clock started}`.
    private func advance(_ arguments: JSONObject) -> Result<JSONValue, RPCError> {
        guard let clock = virtualClock else {
            return .failure(RPCError(.clockNotVirtual, "advance needs the virtual clock: start switchboard with --clock virtual"))
        }
        let limit = configuration.maxVirtualMilliseconds
        guard let value = arguments["ms"], let ms = value.doubleValue else {
            return .failure(paramError("advance", "ms", expected: "non-negative number", found: arguments["ms"]))
        }
        // A number, but out of range: "got integer" would not say what is wrong.
        guard ms >= 0, ms.isFinite else {
            return .failure(paramError("advance", "ms", expected: "non-negative number", found: value, showingValue: true))
        }
        // Checked in exact integers where the client gave one, so Int64.max cannot overflow
        // and a huge double cannot wrap: past the clock's limit is an error, not a trap.
        let now = virtualMilliseconds(clock)
        let room = limit - now
        let fits: Bool
        if case let .integer(whole) = value { fits = whole <= room } else { fits = ms <= Double(room) }
        guard fits else {
            return .failure(RPCError(.invalidParams, "Invalid params: advance of \(value) ms would move the virtual clock past its limit of \(limit) ms (it is at \(now) ms)", data: [
                "parameter": "ms", "limit": .integer(limit), "now": .integer(now),
            ]))
        }
        clock.advance(by: ms / 1000)
        return .success(["now": .integer(virtualMilliseconds(clock))])
    }

    /// Milliseconds on the virtual clock since it started, rounded to a whole millisecond.
    func virtualMilliseconds(_ clock: TestScheduler) -> Int64 {
        // Within `maxVirtualMilliseconds` this double holds every millisecond exactly, so the
        // conversion cannot trap; the clamp keeps it total anyway.
        let milliseconds = (clock.currentDate.timeIntervalSinceReferenceDate * 1000).rounded()
        guard milliseconds.isFinite, milliseconds < 9.2e18, milliseconds > -9.2e18 else { return 0 }
        return Int64(milliseconds)
    }

    // MARK: Argument helpers

    /// The instance named by the `id` argument of `method`.
    private func instanceArgument(_ arguments: JSONObject, method: String) -> Result<Instance, RPCError> {
        guard let id = arguments["id"]?.stringValue else {
            return .failure(paramError(method, "id", expected: "string", found: arguments["id"]))
        }
        guard let instance = instances[id] else {
            return .failure(RPCError(.invalidParams, "Invalid params: no live instance '\(id)'; live instances are \(liveInstanceSummary())", data: ["id": .string(id)]))
        }
        return .success(instance)
    }

    /// A host method's params as an object by name, whether given by name or by position (in
    /// the order of its parameters). Any other name, or more values than it has parameters, is
    /// an error worded as the view-model inputs' are (`ArgumentMatcher`), with a suggestion
    /// when a name is close to one of them.
    private func namedArguments(_ params: RPCParams, of hostMethod: HostMethod) -> Result<JSONObject, RPCError> {
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
    private func paramError(_ method: String, _ parameter: String, expected: String, found: JSONValue?, showingValue: Bool = false) -> RPCError {
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
