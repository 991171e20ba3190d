import JSON

extension Session {
    /// `describe`: every type with its inputs, outputs and options.
    func makeDescribeDocument() -> JSONValue {
        ["types": .array(registry.definitions.map(Self.describe))]
    }

    static func describe(_ definition: ViewModelDefinition) -> JSONValue {
        var type: JSONObject = [
            "name": .string(definition.name),
            "summary": .string(definition.summary),
            "inputs": .array(definition.inputs.map { input in
                var object: JSONObject = [
                    "name": .string(input.name),
                    "signature": .string(input.signature),
                    "params": .array(input.parameters.map { parameter in
                        [
                            "name": .string(parameter.label),
                            "type": .string(parameter.typeName),
                            "optional": .bool(parameter.acceptsNull),
                            "schema": parameter.schema,
                        ]
                    }),
                ]
                if let summary = input.summary { object["summary"] = .string(summary) }
                return .object(object)
            }),
            "outputs": .array(definition.outputs.map { output in
                var object: JSONObject = [
                    "name": .string(output.name),
                    "type": .string(output.typeName),
                    "sendsCurrentValue": .bool(output.sendsCurrentValue),
                    "schema": output.schema,
                ]
                if let summary = output.summary { object["summary"] = .string(summary) }
                return .object(object)
            }),
        ]
        if !definition.options.isEmpty {
            type["options"] = .array(definition.options.map { option in
                ["name": .string(option.name), "summary": .string(option.summary), "schema": option.schema]
            })
        }
        return .object(type)
    }

    /// `rpc.discover`: the same information as an OpenRPC 1.3 document. Inputs are listed as
    /// `<type>.<input>` (callable as is, creating the instance on first use); outputs as the
    /// `output` notification's value schemas under `x-outputs`.
    func makeOpenRPCDocument() -> JSONValue {
        var methods: [JSONValue] = []
        for name in Self.hostMethods {
            methods.append(["name": .string(name), "params": [], "result": ["name": "result", "schema": [:]]])
        }
        for definition in registry.definitions {
            for input in definition.inputs {
                var method: JSONObject = [
                    "name": .string("\(definition.name).\(input.name)"),
                    "paramStructure": "either",
                    "params": .array(input.parameters.map { parameter in
                        ["name": .string(parameter.label), "required": .bool(!parameter.acceptsNull), "schema": parameter.schema]
                    }),
                    "result": ["name": "result", "schema": ["type": "null"]],
                ]
                if let summary = input.summary { method["summary"] = .string(summary) }
                methods.append(.object(method))
            }
        }
        var outputs = JSONObject()
        for definition in registry.definitions {
            var schemas = JSONObject()
            for output in definition.outputs { schemas[output.name] = output.schema }
            outputs[definition.name] = .object(schemas)
        }
        return [
            "openrpc": "1.3.2",
            "info": ["title": "Switchboard", "version": "1.0.0"],
            "methods": .array(methods),
            "x-outputs": .object(outputs),
        ]
    }
}
