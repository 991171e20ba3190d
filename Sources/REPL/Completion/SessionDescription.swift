import JSON

/// What the session says about itself, as the REPL uses it for completion and `.help`: the
/// types from `describe` and the instances from `list`. Nothing here is hard-coded: a type
/// added to the registry shows up in completion and help with no change to the REPL.
public struct SessionDescription: Equatable, Sendable {
    /// The view-model types, in registration order.
    public var types: [TypeInfo]
    /// The live instances, in creation order.
    public var instances: [InstanceInfo]

    /// A description.
    public init(types: [TypeInfo] = [], instances: [InstanceInfo] = []) {
        self.types = types
        self.instances = instances
    }

    /// The type called `name`.
    public func type(named name: String) -> TypeInfo? {
        types.first { $0.name == name }
    }

    /// The type of the instance `id`, or of the type `id` names (which the session creates on
    /// first use).
    public func type(ofTarget id: String) -> TypeInfo? {
        if let instance = instances.first(where: { $0.id == id }) { return type(named: instance.type) }
        return type(named: id)
    }
}

/// A view-model type as `describe` reports it.
public struct TypeInfo: Equatable, Sendable {
    /// Its name.
    public let name: String
    /// One line about it.
    public let summary: String
    /// Its inputs in declaration order.
    public let inputs: [InputInfo]
    /// Its outputs in declaration order.
    public let outputs: [OutputInfo]
    /// Its `create` options (`.new TYPE {"option": value}`), in declaration order.
    public var options: [OptionInfo] = []

    /// A type as `describe` reports it.
    public init(name: String, summary: String, inputs: [InputInfo], outputs: [OutputInfo], options: [OptionInfo] = []) {
        self.name = name
        self.summary = summary
        self.inputs = inputs
        self.outputs = outputs
        self.options = options
    }

    /// `.new register {"latencyMs": number, "outcome": "token"|"noToken"|"failure", …}`.
    public var creationHint: String {
        guard !options.isEmpty else { return ".new \(name) [as ID]: no options" }
        return ".new \(name) [as ID] {" + options.map { "\"\($0.name)\": \($0.type)" }.joined(separator: ", ") + "}"
    }

    /// The input called `name`.
    public func input(named name: String) -> InputInfo? {
        inputs.first { $0.name == name }
    }
}

/// An input as `describe` reports it.
public struct InputInfo: Equatable, Sendable {
    /// Its name.
    public let name: String
    /// `nameChanged(name: string or null)`.
    public let signature: String
    /// One line about it.
    public let summary: String?
    /// Its parameters in positional order.
    public let parameters: [ParameterInfo]
}

/// A parameter of an input.
public struct ParameterInfo: Equatable, Sendable {
    /// The label, used when passing by name.
    public let name: String
    /// The type for people: "string or null".
    public let type: String
    /// Whether it may be omitted (it accepts null).
    public let isOptional: Bool
}

/// An output as `describe` reports it.
public struct OutputInfo: Equatable, Sendable {
    /// Its name.
    public let name: String
    /// The type for people.
    public let type: String
    /// One line about it.
    public let summary: String?
}

/// A `create` option as `describe` reports it.
public struct OptionInfo: Equatable, Sendable {
    /// Its key in the options object.
    public let name: String
    /// Its type for people, from its JSON Schema: `number ≥ 0`, `"token"|"noToken"`, `string`.
    public let type: String
    /// What it does.
    public let summary: String

    /// An option.
    public init(name: String, type: String, summary: String) {
        self.name = name
        self.type = type
        self.summary = summary
    }

    /// A JSON Schema as people read it.
    static func typeText(of schema: JSONValue?) -> String {
        guard let schema else { return "any" }
        if let values = schema["enum"]?.arrayValue {
            return values.map { $0.serializedString() }.joined(separator: "|")
        }
        var text = schema["type"]?.stringValue ?? "any"
        if let minimum = schema["minimum"] { text += " ≥ \(minimum.serializedString())" }
        return text
    }
}

/// A live instance as `list` reports it.
public struct InstanceInfo: Equatable, Sendable {
    /// Its id.
    public let id: String
    /// Its type's name.
    public let type: String
}

extension SessionDescription {
    /// The types in a `describe` result; members it cannot read are skipped.
    public static func types(fromDescribe result: JSONValue) -> [TypeInfo] {
        (result["types"]?.arrayValue ?? []).compactMap { type in
            guard let name = type["name"]?.stringValue else { return nil }
            let inputs: [InputInfo] = (type["inputs"]?.arrayValue ?? []).compactMap { input in
                guard let inputName = input["name"]?.stringValue else { return nil }
                let parameters: [ParameterInfo] = (input["params"]?.arrayValue ?? []).compactMap { parameter in
                    guard let label = parameter["name"]?.stringValue else { return nil }
                    return ParameterInfo(
                        name: label,
                        type: parameter["type"]?.stringValue ?? "any",
                        isOptional: parameter["optional"]?.boolValue ?? false
                    )
                }
                let signature = input["signature"]?.stringValue
                    ?? "\(inputName)(" + parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
                return InputInfo(name: inputName, signature: signature, summary: input["summary"]?.stringValue, parameters: parameters)
            }
            let outputs: [OutputInfo] = (type["outputs"]?.arrayValue ?? []).compactMap { output in
                guard let outputName = output["name"]?.stringValue else { return nil }
                return OutputInfo(name: outputName, type: output["type"]?.stringValue ?? "any", summary: output["summary"]?.stringValue)
            }
            let options: [OptionInfo] = (type["options"]?.arrayValue ?? []).compactMap { option in
                guard let optionName = option["name"]?.stringValue else { return nil }
                return OptionInfo(name: optionName, type: OptionInfo.typeText(of: option["schema"]), summary: option["summary"]?.stringValue ?? "")
            }
            return TypeInfo(name: name, summary: type["summary"]?.stringValue ?? "", inputs: inputs, outputs: outputs, options: options)
        }
    }

    /// The instances in a `list` result.
    public static func instances(fromList result: JSONValue) -> [InstanceInfo] {
        (result.arrayValue ?? []).compactMap { entry in
            guard let id = entry["id"]?.stringValue, let type = entry["type"]?.stringValue else { return nil }
            return InstanceInfo(id: id, type: type)
        }
    }
}
