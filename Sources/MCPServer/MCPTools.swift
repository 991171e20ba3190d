import Host
import JSON

/// The tools of the MCP adapter, generated from the session's description: nothing here names a
/// view-model type. For every type, `create.<type>` (its options as a JSON Schema) and one tool
/// per input, `<type>.<input>` (its parameters, plus the target `instance`); then `snapshot`,
/// `destroy`, `list`, and `advance` under the virtual clock.
struct MCPToolCatalog {
    /// What calling a tool does in terms of the session's own methods.
    enum Action: Equatable {
        case create(type: String)
        case input(type: String, input: String)
        case snapshot
        case destroy
        case list
        case advance
    }

    /// One tool: its `tools/list` entry and its action.
    struct Tool {
        let name: String
        let action: Action
        let json: JSONValue
    }

    /// The tools in listing order.
    let tools: [Tool]
    private let byName: [ExactString: Tool]

    /// The argument that names the instance an input tool is sent to.
    static let instanceArgument = "instance"

    /// Every tool's `structuredContent`: the result of the session's method and the outputs
    /// the call caused, in order.
    static let outputSchema: JSONValue = [
        "type": "object",
        "properties": [
            "result": ["description": "What the session's method answered (null for an input)."],
            "outputs": [
                "type": "array",
                "description": "The output notifications the call caused, in order.",
                "items": [
                    "type": "object",
                    "properties": ["instance": ["type": "string"], "output": ["type": "string"], "value": [:]],
                    "required": ["instance", "output", "value"],
                ],
            ],
        ],
        "required": ["result", "outputs"],
    ]

    init(types: [TypeDescription], virtualClock: Bool, diagnose: (String) -> Void) {
        var tools: [Tool] = []
        for type in types {
            tools.append(Self.createTool(type))
            for input in type.inputs {
                guard !input.parameters.contains(where: { bytesEqual($0.label, Self.instanceArgument) }) else {
                    diagnose("MCP: \(type.name).\(input.name) has a parameter named '\(Self.instanceArgument)', which the MCP adapter reserves; it is not offered as a tool")
                    continue
                }
                tools.append(Self.inputTool(type, input))
            }
        }
        let instance: JSONValue = ["type": "string", "description": "The instance's id (its URI is switchboard://instance/<id>)."]
        tools.append(Self.tool("snapshot", .snapshot, "Snapshot", "The last value of each output of an instance that has sent one.",
                               properties: ["instance": instance], required: ["instance"]))
        tools.append(Self.tool("destroy", .destroy, "Destroy an instance", "Destroy an instance: it sends nothing more.",
                               properties: ["instance": instance], required: ["instance"]))
        tools.append(Self.tool("list", .list, "List instances", "The live instances, in creation order.", properties: [:], required: []))
        if virtualClock {
            tools.append(Self.tool("advance", .advance, "Advance the virtual clock",
                                   "Move the virtual clock forward and run what falls due; the result carries the outputs that caused.",
                                   properties: ["ms": ["type": "integer", "minimum": 0, "description": "Milliseconds to advance."]],
                                   required: ["ms"]))
        }
        var byName: [ExactString: Tool] = [:]
        var kept: [Tool] = []
        for tool in tools {
            // A type with an input called `create`, or one named like a host tool, would shadow
            // another tool: the first keeps the name, the other is left out and reported.
            guard byName[ExactString(tool.name)] == nil else {
                diagnose("MCP: tool \(tool.name) is declared twice; the second is not offered")
                continue
            }
            byName[ExactString(tool.name)] = tool
            kept.append(tool)
        }
        self.tools = kept
        self.byName = byName
    }

    /// The tool called `name`, matched by its bytes.
    func tool(named name: String) -> Tool? {
        byName[ExactString(name)]
    }

    // MARK: Building

    private static func tool(
        _ name: String, _ action: Action, _ title: String, _ description: String,
        properties: JSONObject, required: [String]
    ) -> Tool {
        var schema: JSONObject = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        return Tool(name: name, action: action, json: [
            "name": .string(name),
            "title": .string(title),
            "description": .string(description),
            "inputSchema": .object(schema),
            "outputSchema": outputSchema,
            "annotations": annotations(action),
        ])
    }

    /// What a client may assume of a tool: `snapshot` and `list` change nothing; `destroy`
    /// destroys and does it once; an input or a create changes an instance's state, is not
    /// idempotent, and reaches no system outside the server.
    private static func annotations(_ action: Action) -> JSONValue {
        switch action {
        case .snapshot, .list: ["readOnlyHint": true, "openWorldHint": false]
        case .destroy: ["readOnlyHint": false, "destructiveHint": true, "idempotentHint": true, "openWorldHint": false]
        case .create, .input, .advance: ["readOnlyHint": false, "destructiveHint": false, "idempotentHint": false, "openWorldHint": false]
        }
    }

    /// `create.<type>`: the type's options as an object schema, each with its summary.
    private static func createTool(_ type: TypeDescription) -> Tool {
        var options = JSONObject()
        for option in type.options {
            var schema = option.schema.objectValue ?? [:]
            schema["description"] = .string(option.summary)
            options[option.name] = .object(schema)
        }
        var optionsSchema: JSONObject = [
            "type": "object", "properties": .object(options), "additionalProperties": false,
            "description": .string(type.options.isEmpty ? "\(type.name) takes no options." : "How to set the instance up."),
        ]
        let requiredOptions = type.options.filter(\.isRequired).map(\.name)
        if !requiredOptions.isEmpty { optionsSchema["required"] = .array(requiredOptions.map { .string($0) }) }
        let properties: JSONObject = [
            "id": ["type": "string", "description": .string("The instance's id (default: \(type.name), then \(type.name)-2, …).")],
            "options": .object(optionsSchema),
        ]
        return tool(
            "create.\(type.name)", .create(type: type.name), "Create \(type.name)", "Create a \(type.name) instance. \(type.summary)",
            properties: properties, required: requiredOptions.isEmpty ? [] : ["options"]
        )
    }

    /// `<type>.<input>`: the input's parameters, and the instance it goes to.
    private static func inputTool(_ type: TypeDescription, _ input: InputDescription) -> Tool {
        var properties: JSONObject = [
            instanceArgument: ["type": "string", "description": .string("The \(type.name) instance (default: the one named \(type.name), created on first use).")],
        ]
        for parameter in input.parameters { properties[parameter.label] = parameter.schema }
        let required = input.parameters.filter { !$0.acceptsNull }.map(\.label)
        return tool(
            "\(type.name).\(input.name)", .input(type: type.name, input: input.name), "\(type.name): \(input.name)",
            input.summary ?? "The input \(input.signature).", properties: properties, required: required
        )
    }
}
