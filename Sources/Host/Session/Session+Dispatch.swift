import RPC
import JSON

extension Session {
    /// Routes a request to a host method or to an instance's input.
    ///
    /// Reads the method's UTF-8 bytes where they lie: a request to a live instance is split,
    /// found and matched to its input on those bytes, and strings are made only for the other
    /// paths (a host method, `rpc.discover`, implicit creation, an error): the common request
    /// makes no string.
    func dispatch(_ request: RPCRequest) -> Result<JSONValue, RPCError> {
        // A native string's bytes are always contiguous; another (none is made on Linux) is
        // copied once.
        if let routed = request.method.utf8.withContiguousStorageIfAvailable({ dispatch(request, method: UnsafeRawBufferPointer($0)) }) {
            return routed
        }
        var method = request.method
        return method.withUTF8 { dispatch(request, method: UnsafeRawBufferPointer($0)) }
    }

    /// `dispatch(_:)` on the bytes of `request.method`, which are `method`.
    private func dispatch(_ request: RPCRequest, method: UnsafeRawBufferPointer) -> Result<JSONValue, RPCError> {
        guard let (targetBytes, inputBytes) = Self.splitAtFirstDot(method) else {
            return callHostMethod(request)
        }
        if Self.reservedTarget.withUTF8Buffer({ bytesEqual(targetBytes, UnsafeRawBufferPointer($0)) }) {
            guard Self.discoverInput.withUTF8Buffer({ bytesEqual(inputBytes, UnsafeRawBufferPointer($0)) }) else {
                return .failure(RPCError(.methodNotFound, "Method not found: '\(request.method)' (the only rpc.* method is rpc.discover)"))
            }
            return .success(openRPCDocument)
        }
        if let live = withInstances({ $0.find(bytes: targetBytes) }) {
            return applyInput(inputBytes, params: request.params, to: live)
        }
        let target = String(decoding: targetBytes, as: UTF8.self)
        let inputName = String(decoding: inputBytes, as: UTF8.self)
        guard let definition = registry[target] else {
            return .failure(unknownTarget(target, method: request.method))
        }
        // Implicit creation: `signup.nameChanged` works with no set-up call. It is tentative:
        // if the input then rejects its arguments, the instance is removed again and the
        // outputs its creation produced are never sent, so a rejected call has no side effects.
        guard definition.inputIndex(bytes: inputBytes) != nil else {
            return .failure(unknownInput(inputName, instance: target, definition: definition))
        }
        return tentatively {
            switch createInstance(of: definition, type: target, id: target, options: [:]) {
            case let .success(created): return (applyInput(inputBytes, params: request.params, to: created), created)
            case let .failure(error): return (.failure(error), nil)
            }
        }
    }

    /// The target of JSON-RPC's own methods ("rpc.discover"), which no instance or type may take.
    static let reservedTarget: StaticString = "rpc"

    /// The only method under `reservedTarget`.
    static let discoverInput: StaticString = "discover"

    /// What separates a method's target from its input name: "target.input".
    static let methodSeparator = UInt8(ascii: ".")

    /// `target.input` split where the daemon splits it (at the first dot's byte), for callers
    /// that hold what a person typed (the REPL's completion, help and parameter lookup), so
    /// they read a method as the daemon will; nil without a dot.
    public static func splitMethod(_ method: some StringProtocol) -> (target: String, input: String)? {
        var method = String(method)
        return method.withUTF8 { bytes in
            splitAtFirstDot(UnsafeRawBufferPointer(bytes)).map {
                (String(decoding: $0.target, as: UTF8.self), String(decoding: $0.input, as: UTF8.self))
            }
        }
    }

    /// `target.input` split at its first dot, or nil without one: the method's UTF-8 bytes on
    /// either side.
    ///
    /// Split on the UTF-8 bytes: a String index would move by Characters, and a combining mark
    /// after the dot (".\u{301}") would join it into one Character and vanish from the input's
    /// name. "." is ASCII, so both halves are valid UTF-8 if the method is.
    @inline(__always)
    static func splitAtFirstDot(_ method: UnsafeRawBufferPointer) -> (target: UnsafeRawBufferPointer, input: UnsafeRawBufferPointer)? {
        // Scanned as the UInt8s they are (a string's UTF-8 storage): a raw buffer's own
        // `firstIndex` is slower per byte.
        guard let dot = method.assumingMemoryBound(to: UInt8.self).firstIndex(of: Self.methodSeparator) else { return nil }
        return (UnsafeRawBufferPointer(rebasing: method[..<dot]), UnsafeRawBufferPointer(rebasing: method[(dot + 1)...]))
    }

    /// -32601 for a method whose target names no live instance and no type.
    private func unknownTarget(_ target: String, method: String) -> RPCError {
        var message = "Method not found: no instance or view-model type named '\(target)' (in '\(method)')"
        let shownInstances = instances.ids(limit: Self.namesShownInErrors)
        var data: JSONObject = ["instances": .array(shownInstances.map { .string($0) }), "types": .array(registry.names.map { .string($0) })]
        if instances.count > shownInstances.count { data["moreInstances"] = .integer(Int64(instances.count - shownInstances.count)) }
        // Near misses among the types and the first instances: the cost of an unknown name
        // must not grow with the number of live instances.
        if let suggestion = Suggestion.closest(to: target, among: shownInstances + registry.names) {
            message += "; did you mean '\(suggestion)'?"
            data["suggestion"] = .string(suggestion)
        }
        return RPCError(.methodNotFound, message, data: .object(data))
    }

    /// How many instance ids an error message or its data lists at most.
    static let namesShownInErrors = 100

    /// "a, b, c" or "a, b, … and 9,900 more" or "none".
    func liveInstanceSummary() -> String {
        if instances.count == 0 { return "none" }
        let shown = instances.ids(limit: 20)
        let rest = instances.count - shown.count
        return shown.joined(separator: ", ") + (rest > 0 ? ", … and \(rest) more" : "")
    }

    /// Decodes the parameters and applies the input whose name is these UTF-8 bytes; outputs it
    /// causes are sent meanwhile.
    func applyInput(_ nameBytes: UnsafeRawBufferPointer, params: RPCParams, to instance: Instance) -> Result<JSONValue, RPCError> {
        let definition = instance.definition
        guard let index = definition.inputIndex(bytes: nameBytes) else {
            return .failure(unknownInput(String(decoding: nameBytes, as: UTF8.self), instance: instance.id, definition: definition))
        }
        let arguments: [JSONValue]
        // The description is read in place: a copy of it would retain each of its strings.
        // (The method is named for an error only: the argument is an autoclosure.)
        switch ArgumentMatcher.match(params, to: definition.description.inputs[index], method: "\(instance.id).\(definition.description.inputs[index].name)") {
        case let .success(matched): arguments = matched
        case let .failure(error): return .failure(error)
        }
        // The model is borrowed from the instance, not retained: a retain would touch the
        // model's header, a cache miss of its own when many instances are live. The instance
        // keeps it, and a destroy while the input runs hands it to `modelsReleasedAfterInputs`
        // (`Instance.destroy()`).
        guard let model = instance.model.map(Unmanaged.passUnretained) else {
            return .failure(RPCError(.methodNotFound, "Method not found: instance '\(instance.id)' was destroyed"))
        }
        if let refusal = pendingLimitRefusal() { return .failure(refusal) }
        applyingInputs += 1
        let outcome = model._withUnsafeGuaranteedRef { model in
            Result { () throws(InputFailure) -> Bool in try definition.apply(model, index, arguments) }
        }
        applyingInputs -= 1
        if applyingInputs == 0, !modelsReleasedAfterInputs.isEmpty { modelsReleasedAfterInputs = [] }
        switch outcome {
        case .success:
            return .success(.null)
        case let .failure(error):
            return .failure(ArgumentMatcher.error(for: error, method: "\(instance.id).\(definition.description.inputs[index].name)", input: definition.description.inputs[index]))
        }
    }

    /// -32001 when as many service calls (delegated to the client or simulated) and timers are
    /// in flight as `maxPendingClientCalls` allows: the input is refused before it runs, so a
    /// client that keeps sending cannot grow the daemon's memory without bound. Nil below it.
    func pendingLimitRefusal() -> RPCError? {
        let limit = configuration.maxPendingClientCalls
        // Every call in flight has one scheduled action: a simulated service's latency, or a
        // delegated call's timeout. Timers (a debounce) count too.
        let pending = scheduler.pendingCount
        guard pending >= limit else { return nil }
        return RPCError(.limitExceeded, "Pending call limit reached: \(pending) service calls and timers are in flight; this input was not run. Wait for some to finish (--max-pending-calls raises the limit)", data: [
            "limit": .integer(Int64(limit)), "pending": .integer(Int64(pending)),
        ])
    }

    /// -32601 for an input `definition` does not have, with the inputs it has and a near miss.
    func unknownInput(_ name: String, instance id: String, definition: ViewModelDefinition) -> RPCError {
        let names = definition.description.inputs.map(\.name)
        var data: JSONObject = ["inputs": .array(names.map { .string($0) })]
        // "signup has no input", or "s2, a signup, has no input": each name said once.
        let who = bytesEqual(id, definition.name) ? id : "\(id), a \(definition.name),"
        var message = "Method not found: \(who) has no input '\(name)'; its inputs are \(names.joined(separator: ", "))"
        if let suggestion = Suggestion.closest(to: name, among: names) {
            data["suggestion"] = .string(suggestion)
            message += "; did you mean '\(suggestion)'?"
        }
        return RPCError(.methodNotFound, message, data: .object(data))
    }
}
