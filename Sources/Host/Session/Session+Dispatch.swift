import RPC
import JSON

extension Session {
    /// Routes a request to a host method or to an instance's input.
    func dispatch(_ request: RPCRequest) -> Result<JSONValue, RPCError> {
        // The UTF-8 view: searching by Character (grapheme breaking) cost ~1,400 instructions
        // per request. "." is ASCII, so the index found is a valid boundary to slice at.
        guard let dot = request.method.utf8.firstIndex(of: UInt8(ascii: ".")) else {
            return callHostMethod(request)
        }
        let target = String(request.method[..<dot])
        let inputName = String(request.method[request.method.index(after: dot)...])
        if target == "rpc" {
            guard inputName == "discover" else {
                return .failure(RPCError(.methodNotFound, "Method not found: '\(request.method)' (the only rpc.* method is rpc.discover)"))
            }
            return .success(openRPCDocument())
        }
        let instance: Instance
        if let live = instances[target] {
            instance = live
        } else if let definition = registry[target] {
            // Implicit creation: `signup.nameChanged` works with no set-up call. A call of an
            // input the type does not have is answered without creating anything.
            guard definition.input(named: inputName) != nil else {
                return .failure(unknownInput(inputName, instance: target, definition: definition))
            }
            switch createInstance(type: target, id: target, options: [:]) {
            case let .success(created): instance = created
            case let .failure(error): return .failure(error)
            }
        } else {
            var message = "Method not found: no instance or view-model type named '\(target)' (in '\(request.method)')"
            var data: JSONObject = ["instances": .array(instanceOrder.map { .string($0) }), "types": .array(registry.names.map { .string($0) })]
            if let suggestion = Suggestion.closest(to: target, among: instanceOrder + registry.names) {
                message += "; did you mean '\(suggestion)'?"
                data["suggestion"] = .string(suggestion)
            }
            return .failure(RPCError(.methodNotFound, message, data: .object(data)))
        }
        return applyInput(inputName, params: request.params, to: instance)
    }

    /// Decodes the parameters and applies the input; outputs it causes are sent meanwhile.
    func applyInput(_ name: String, params: RPCParams, to instance: Instance) -> Result<JSONValue, RPCError> {
        let definition = instance.definition
        guard let input = definition.input(named: name) else {
            return .failure(unknownInput(name, instance: instance.id, definition: definition))
        }
        let arguments: [JSONValue]
        switch ArgumentMatcher.match(params, to: input, method: "\(instance.id).\(name)") {
        case let .success(matched): arguments = matched
        case let .failure(error): return .failure(error)
        }
        guard let model = instance.model else {
            return .failure(RPCError(.methodNotFound, "Method not found: instance '\(instance.id)' was destroyed"))
        }
        do {
            _ = try model.apply(name, arguments)
            return .success(.null)
        } catch {
            return .failure(ArgumentMatcher.error(for: error, method: "\(instance.id).\(name)", input: input))
        }
    }

    /// -32601 for an input `definition` does not have, with the inputs it has and a near miss.
    func unknownInput(_ name: String, instance id: String, definition: ViewModelDefinition) -> RPCError {
        let names = definition.inputs.map(\.name)
        var data: JSONObject = ["inputs": .array(names.map { .string($0) })]
        var message = "Method not found: \(id) (\(definition.name)) has no input '\(name)'; its inputs are \(names.joined(separator: ", "))"
        if let suggestion = Suggestion.closest(to: name, among: names) {
            data["suggestion"] = .string(suggestion)
            message += "; did you mean '\(suggestion)'?"
        }
        return RPCError(.methodNotFound, message, data: .object(data))
    }
}
