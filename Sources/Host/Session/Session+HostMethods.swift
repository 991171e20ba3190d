import RPC
import FoundationEssentials
import JSON
import Signals

extension Session {
    /// Runs a host method called by a client: the method found by its bytes, the clock checked
    /// if it needs the virtual one, its params decoded (`HostRequest`), then run.
    func callHostMethod(_ request: RPCRequest) -> Result<JSONValue, RPCError> {
        hostRequest(method: request.method, params: request.params).flatMap(run)
    }

    /// A call of host method `method` with `params` decoded as a client's call is, with the
    /// same errors in the same order: the method found by its bytes, the clock checked if it
    /// needs the virtual one, then its params (`HostRequest.decode`).
    public func hostRequest(method: String, params: RPCParams) -> Result<HostRequest, RPCError> {
        HostRequest.hostMethod(named: method).flatMap { found in
            if found.needsVirtualClock, virtualClock == nil { return .failure(Self.clockNotVirtual(found.name)) }
            return HostRequest.decode(found, params: params)
        }
    }

    /// Runs a decoded host method.
    func run(_ request: HostRequest) -> Result<JSONValue, RPCError> {
        switch request {
        case let .create(type, id, options): return create(type: type, id: id, options: options)
        case let .destroy(id): return destroy(id: id)
        case .list: return .success(list())
        case let .describe(type): return describe(type: type)
        case let .snapshot(id): return instance(id).map(\.snapshot)
        case let .advance(ms): return advance(ms: ms)
        case .shutdown:
            requestShutdown()
            return .success(.null)
        }
    }

    /// The error for a method that needs `--clock virtual` on a session without it.
    static func clockNotVirtual(_ method: String) -> RPCError {
        RPCError(.clockNotVirtual, "\(method) needs the virtual clock: start switchboard with --clock virtual")
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
    private func describe(type: String?) -> Result<JSONValue, RPCError> {
        guard let type else { return .success(describeDocument) }
        guard let definition = registry[type] else { return .failure(unknownType(type)) }
        return .success(TypeDescription.describeDocument([definition.description]))
    }

    // MARK: Instances

    /// `create {"type", "id"?, "options"?}` → `{"id", "type"}`.
    private func create(type: String, id given: String?, options: JSONObject) -> Result<JSONValue, RPCError> {
        guard let definition = registry[type] else { return .failure(unknownType(type)) }
        let id: String
        if let given {
            if let problem = Self.problem(withID: given) {
                return .failure(RPCError(.invalidParams, "Invalid params: instance id '\(given)' \(problem)", data: ["parameter": "id"]))
            }
            guard instances[given] == nil else {
                return .failure(RPCError(.instanceExists, "Instance '\(given)' already exists; destroy it first or choose another id", data: ["id": .string(given)]))
            }
            id = given
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
            return .failure(RPCError(.limitExceeded, "Instance limit reached: \(configuration.maxInstances) instances are alive; destroy some first (--max-instances raises the limit)", data: ["limit": .integer(Int64(configuration.maxInstances))]))
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
    private func destroy(id: String) -> Result<JSONValue, RPCError> {
        switch instance(id) {
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
    private func advance(ms value: JSONValue) -> Result<JSONValue, RPCError> {
        guard let clock = virtualClock else { return .failure(Self.clockNotVirtual("advance")) }
        let limit = configuration.maxVirtualMilliseconds
        let ms = value.doubleValue ?? 0
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

    /// How many milliseconds the virtual clock can still move before its limit; nil on the
    /// real clock.
    public var virtualMillisecondsLeft: Int64? {
        virtualClock.map { configuration.maxVirtualMilliseconds - virtualMilliseconds($0) }
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

    /// The live instance called `id`, or the error that names the live ones.
    private func instance(_ id: String) -> Result<Instance, RPCError> {
        guard let instance = instances[id] else {
            return .failure(RPCError(.invalidParams, "Invalid params: no live instance '\(id)'; live instances are \(liveInstanceSummary())", data: ["id": .string(id)]))
        }
        return .success(instance)
    }
}
