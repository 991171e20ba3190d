import RPC
import JSON

extension Session {
    /// Routes a request to a host method or to an instance's input.
    func dispatch(_ request: RPCRequest) -> Result<JSONValue, RPCError> {
        guard let (target, inputName) = Self.splitAtFirstDot(request.method) else {
            return callHostMethod(request)
        }
        if bytesEqual(target, "rpc") {
            guard bytesEqual(inputName, "discover") else {
                return .failure(RPCError(.methodNotFound, "Method not found: '\(request.method)' (the only rpc.* method is rpc.discover)"))
            }
            return .success(openRPCDocument)
        }
        // A live instance stays the one its id names (ids are unique, and only destroying
        // takes one out of the table), so one found ahead is still right.
        if let live = lookedAheadInstance(target: target) ?? withInstances({ $0[target] }) {
            return applyInput(inputName, params: request.params, to: live)
        }
        guard let definition = registry[target] else {
            return .failure(unknownTarget(target, method: request.method))
        }
        // Implicit creation: `signup.nameChanged` works with no set-up call. It is tentative:
        // if the input then rejects its arguments, the instance is removed again and the
        // outputs its creation produced are never sent, so a rejected call has no side effects.
        guard definition.input(named: inputName) != nil else {
            return .failure(unknownInput(inputName, instance: target, definition: definition))
        }
        return tentatively {
            switch createInstance(of: definition, type: target, id: target, options: [:]) {
            case let .success(created): return (applyInput(inputName, params: request.params, to: created), created)
            case let .failure(error): return (.failure(error), nil)
            }
        }
    }

    /// What separates a method's target from its input name: "target.input".
    static let methodSeparator = UInt8(ascii: ".")

    /// `target.input` split at its first dot, or nil without one.
    ///
    /// Split on the UTF-8 bytes: a String index would move by Characters, and a combining mark
    /// after the dot (".\u{301}") would join it into one Character and vanish from the input's
    /// name. "." is ASCII, so both halves are valid UTF-8. Both halves are made from the
    /// contiguous bytes at once (a `String.UTF8View` slice went through the generic
    /// collection path, about 270 instructions a half).
    static func splitAtFirstDot(_ method: String) -> (target: String, input: String)? {
        var method = method
        return method.withUTF8 { bytes -> (String, String)? in
            guard let dot = bytes.firstIndex(of: Self.methodSeparator) else { return nil }
            return (
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<dot]), as: UTF8.self),
                String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self)
            )
        }
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

    /// Decodes the parameters and applies the input; outputs it causes are sent meanwhile.
    func applyInput(_ name: String, params: RPCParams, to instance: Instance) -> Result<JSONValue, RPCError> {
        let definition = instance.definition
        guard let index = definition.inputIndex(named: name) else {
            return .failure(unknownInput(name, instance: instance.id, definition: definition))
        }
        let arguments: [JSONValue]
        // The description is read in place: a copy of it retained each of its strings.
        switch ArgumentMatcher.match(params, to: definition.description.inputs[index], method: "\(instance.id).\(name)") {
        case let .success(matched): arguments = matched
        case let .failure(error): return .failure(error)
        }
        // The model is borrowed from the instance, not retained: a retain's first touch of the
        // model's header was a line of its own from memory in most requests at 100,000
        // instances (DAEMON-ANALYSIS.md, issue 18). The instance keeps it, and a destroy while
        // the input runs hands it to `modelsReleasedAfterInputs` (`Instance.destroy()`).
        guard let model = instance.model.map(Unmanaged.passUnretained) else {
            return .failure(RPCError(.methodNotFound, "Method not found: instance '\(instance.id)' was destroyed"))
        }
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
            return .failure(ArgumentMatcher.error(for: error, method: "\(instance.id).\(name)", input: definition.description.inputs[index]))
        }
    }

    /// -32601 for an input `definition` does not have, with the inputs it has and a near miss.
    func unknownInput(_ name: String, instance id: String, definition: ViewModelDefinition) -> RPCError {
        let names = definition.description.inputs.map(\.name)
        var data: JSONObject = ["inputs": .array(names.map { .string($0) })]
        var message = "Method not found: \(id) (\(definition.name)) has no input '\(name)'; its inputs are \(names.joined(separator: ", "))"
        if let suggestion = Suggestion.closest(to: name, among: names) {
            data["suggestion"] = .string(suggestion)
            message += "; did you mean '\(suggestion)'?"
        }
        return RPCError(.methodNotFound, message, data: .object(data))
    }
}
