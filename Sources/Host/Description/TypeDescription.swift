import JSON

// The one description of a view-model type. The host builds it from a declaration
// (`ViewModelDeclaration`), encodes it for `describe` and `rpc.discover`
// (TypeDescription+Wire.swift), and the REPL decodes the same values from `describe` for its
// help and completion: no second model of a type exists anywhere.

/// A view-model type as the host describes it: name, summary, `create` options, inputs, outputs.
public struct TypeDescription: Sendable, Equatable {
    /// The type's name: what `create` takes and what an implicit `<type>.<input>` creates.
    public var name: String
    /// One line about it.
    public var summary: String
    /// Its inputs, in declaration order.
    public var inputs: [InputDescription]
    /// Its outputs, in declaration order (also the order of property outputs' first values).
    public var outputs: [OutputDescription]
    /// Its `create` options, in declaration order.
    public var options: [OptionDescription]

    /// A description.
    public init(name: String, summary: String, inputs: [InputDescription], outputs: [OutputDescription], options: [OptionDescription] = []) {
        self.name = name
        self.summary = summary
        self.options = options
        self.inputs = inputs
        self.outputs = outputs
    }

    /// The input called `name`, matched by its bytes.
    public func input(named name: String) -> InputDescription? {
        inputs.first { bytesEqual($0.name, name) }
    }
}

/// An input: `nameChanged(name: string or null)`.
public struct InputDescription: Sendable, Equatable {
    /// The input's name.
    public let name: String
    /// Its parameters in positional order.
    public let parameters: [ParameterDescription]
    /// One line of documentation.
    public let summary: String?

    /// An input.
    public init(name: String, summary: String?, parameters: [ParameterDescription]) {
        self.name = name
        self.parameters = parameters
        self.summary = summary
    }

    /// `nameChanged(name: string or null)`: how `describe`, `.help` and errors show an input.
    public var signature: String {
        "\(name)(" + parameters.map { "\($0.label): \($0.typeName)" }.joined(separator: ", ") + ")"
    }
}

/// A parameter of an input.
public struct ParameterDescription: Sendable, Equatable {
    /// The label, used for passing by name.
    public let label: String
    /// A short type name for people: "string", "string or null", "integer"…
    public let typeName: String
    /// A JSON Schema of the accepted values.
    public let schema: JSONValue
    /// Whether `null` is accepted, in which case the parameter may also be omitted.
    public let acceptsNull: Bool

    /// A parameter.
    public init(label: String, typeName: String, schema: JSONValue, acceptsNull: Bool) {
        self.label = label
        self.typeName = typeName
        self.schema = schema
        self.acceptsNull = acceptsNull
    }
}

/// An output: a signal or property whose values are sent as `output` notifications.
public struct OutputDescription: Sendable, Equatable {
    /// The output's name.
    public let name: String
    /// A short type name for people.
    public let typeName: String
    /// A JSON Schema of its values.
    public let schema: JSONValue
    /// Whether the current value is sent when the instance is created (property outputs).
    public let sendsCurrentValue: Bool
    /// One line of documentation.
    public let summary: String?

    /// An output.
    public init(name: String, typeName: String, schema: JSONValue, sendsCurrentValue: Bool, summary: String?) {
        self.name = name
        self.typeName = typeName
        self.schema = schema
        self.sendsCurrentValue = sendsCurrentValue
        self.summary = summary
    }
}

/// A `create` option, as derived from its one declaration (``CreateOption``).
public struct OptionDescription: Sendable, Equatable {
    /// The option's key in `create`'s `options` object.
    public let name: String
    /// Its JSON Schema.
    public let schema: JSONValue
    /// What it does, with its default when it has one.
    public let summary: String
    /// Whether `create` must give it (it has no default).
    public let isRequired: Bool

    /// An option.
    public init(name: String, schema: JSONValue, summary: String, isRequired: Bool = false) {
        self.name = name
        self.schema = schema
        self.summary = summary
        self.isRequired = isRequired
    }

    /// The schema as people read it: `number ≥ 0`, `"token"|"noToken"`, `string`, `integer`.
    public var typeText: String {
        if let values = schema["enum"]?.arrayValue {
            return values.map { $0.serializedString() }.joined(separator: "|")
        }
        var text = schema["type"]?.stringValue ?? "any"
        if let minimum = schema["minimum"] { text += " ≥ \(minimum.serializedString())" }
        return text
    }
}
