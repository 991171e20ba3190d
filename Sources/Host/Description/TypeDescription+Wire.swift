import JSON

// The description's two wire forms, each written once: `describe`'s document (encoded by the
// daemon, decoded by the REPL) and `rpc.discover`'s OpenRPC document. Member order is part of
// the wire: Tests/HostTests/DescriptionWireTests.swift compares both documents byte for byte
// with the goldens in Tests/HostTests/Golden.

extension TypeDescription {
    /// `describe`'s result: `{"types": [...]}`.
    public static func describeDocument(_ types: [TypeDescription]) -> JSONValue {
        ["types": .array(types.map(\.describeJSON))]
    }

    /// The types of a `describe` result. Members it cannot read are skipped, so a client of
    /// an older or newer daemon still gets what both understand.
    public static func types(fromDescribe document: JSONValue) -> [TypeDescription] {
        (document["types"]?.arrayValue ?? []).compactMap(TypeDescription.init(describeJSON:))
    }

    /// One type in `describe`'s document.
    public var describeJSON: JSONValue {
        var type: JSONObject = [
            "name": .string(name),
            "summary": .string(summary),
            "inputs": .array(inputs.map(\.describeJSON)),
            "outputs": .array(outputs.map(\.describeJSON)),
        ]
        if !options.isEmpty {
            type["options"] = .array(options.map(\.describeJSON))
        }
        return .object(type)
    }

    /// Reads one type of `describe`'s document; nil without a name.
    public init?(describeJSON json: JSONValue) {
        guard let name = json["name"]?.stringValue else { return nil }
        self.init(
            name: name,
            summary: json["summary"]?.stringValue ?? "",
            inputs: (json["inputs"]?.arrayValue ?? []).compactMap(InputDescription.init(describeJSON:)),
            outputs: (json["outputs"]?.arrayValue ?? []).compactMap(OutputDescription.init(describeJSON:)),
            options: (json["options"]?.arrayValue ?? []).compactMap(OptionDescription.init(describeJSON:))
        )
    }

    /// `rpc.discover`'s result: the same types as an OpenRPC 1.3 document. Inputs are listed as
    /// `<type>.<input>` (callable as is, creating the instance on first use), after the host's
    /// own methods; outputs as the `output` notification's value schemas under `x-outputs`;
    /// `identity` gives the document's title and version.
    public static func openRPCDocument(_ types: [TypeDescription], hostMethods: [HostMethod], identity: ServerIdentity = .switchboard) -> JSONValue {
        var methods: [JSONValue] = hostMethods.map { method in
            [
                "name": .string(method.name),
                "paramStructure": "either",
                "params": .array(method.parameters.map { parameter in
                    ["name": .string(parameter.name), "required": .bool(parameter.required), "schema": parameter.schema]
                }),
                "result": ["name": "result", "schema": [:]],
            ]
        }
        for type in types {
            for input in type.inputs {
                var method: JSONObject = [
                    "name": .string("\(type.name).\(input.name)"),
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
        for type in types {
            var schemas = JSONObject()
            for output in type.outputs { schemas[output.name] = output.schema }
            outputs[type.name] = .object(schemas)
        }
        return [
            "openrpc": "1.3.2",
            "info": ["title": .string(identity.title), "version": .string(identity.version)],
            "methods": .array(methods),
            "x-outputs": .object(outputs),
        ]
    }
}

extension InputDescription {
    /// The input in `describe`'s document (its signature included, for clients that print it).
    public var describeJSON: JSONValue {
        var object: JSONObject = [
            "name": .string(name),
            "signature": .string(signature),
            "params": .array(parameters.map(\.describeJSON)),
        ]
        if let summary { object["summary"] = .string(summary) }
        return .object(object)
    }

    /// Reads an input; nil without a name. The signature is derived, never read.
    public init?(describeJSON json: JSONValue) {
        guard let name = json["name"]?.stringValue else { return nil }
        self.init(
            name: name,
            summary: json["summary"]?.stringValue,
            parameters: (json["params"]?.arrayValue ?? []).compactMap(ParameterDescription.init(describeJSON:))
        )
    }
}

extension ParameterDescription {
    /// The parameter in `describe`'s document.
    public var describeJSON: JSONValue {
        ["name": .string(label), "type": .string(typeName), "optional": .bool(acceptsNull), "schema": schema]
    }

    /// Reads a parameter; nil without a name.
    public init?(describeJSON json: JSONValue) {
        guard let label = json["name"]?.stringValue else { return nil }
        self.init(
            label: label,
            typeName: json["type"]?.stringValue ?? "any",
            schema: json["schema"] ?? [:],
            acceptsNull: json["optional"]?.boolValue ?? false
        )
    }
}

extension OutputDescription {
    /// The output in `describe`'s document.
    public var describeJSON: JSONValue {
        var object: JSONObject = [
            "name": .string(name),
            "type": .string(typeName),
            "sendsCurrentValue": .bool(sendsCurrentValue),
            "schema": schema,
        ]
        if let summary { object["summary"] = .string(summary) }
        return .object(object)
    }

    /// Reads an output; nil without a name.
    public init?(describeJSON json: JSONValue) {
        guard let name = json["name"]?.stringValue else { return nil }
        self.init(
            name: name,
            typeName: json["type"]?.stringValue ?? "any",
            schema: json["schema"] ?? [:],
            sendsCurrentValue: json["sendsCurrentValue"]?.boolValue ?? false,
            summary: json["summary"]?.stringValue
        )
    }
}

extension OptionDescription {
    /// The option in `describe`'s document (`"required": true` only on a required one).
    public var describeJSON: JSONValue {
        var object: JSONObject = ["name": .string(name), "summary": .string(summary), "schema": schema]
        if isRequired { object["required"] = true }
        return .object(object)
    }

    /// Reads an option; nil without a name.
    public init?(describeJSON json: JSONValue) {
        guard let name = json["name"]?.stringValue else { return nil }
        self.init(
            name: name, schema: json["schema"] ?? [:], summary: json["summary"]?.stringValue ?? "",
            isRequired: json["required"]?.boolValue ?? false
        )
    }
}
