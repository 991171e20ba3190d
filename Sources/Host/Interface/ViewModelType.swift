import JSON
import Signals

/// Declares a view-model type to the host: its name, how to make one, its inputs and outputs.
///
/// This is the extension point for serving your own view models:
/// ```swift
/// let search = ViewModelType<SearchViewModel>(
///     "search",
///     summary: "A search box that queries as you type.",
///     make: { context in SearchViewModel(scheduler: context.scheduler) },
///     inputs: [
///         .input("queryChanged", Param("query", String.self)) { vm, query in vm.inputs.queryChanged(query: query) },
///     ],
///     outputs: [
///         .output("results", \.outputs.results),
///     ]
/// )
/// registry.register(search)
/// ```
public struct ViewModelType<Model: AnyObject>: Sendable {
    /// The type's name: what `create` takes and what an implicit `<type>.<input>` creates.
    public let name: String
    /// One line for `describe`.
    public let summary: String
    /// Documented `create` options, for `describe` (name → description).
    public let options: [OptionDescription]
    /// Makes a model for one instance.
    let make: @Sendable (CreationContext) throws(CreationFailure) -> Model
    /// The inputs, by name, in declaration order.
    public let inputs: [InputDefinition<Model>]
    /// The outputs, in declaration order (which is also the order of a property output's
    /// first values at creation).
    public let outputs: [OutputDefinition<Model>]

    /// Declares a type.
    public init(
        _ name: String,
        summary: String,
        options: [OptionDescription] = [],
        make: @escaping @Sendable (CreationContext) throws(CreationFailure) -> Model,
        inputs: [InputDefinition<Model>],
        outputs: [OutputDefinition<Model>]
    ) {
        self.name = name
        self.summary = summary
        self.options = options
        self.make = make
        self.inputs = inputs
        self.outputs = outputs
    }

    /// The type with its model type erased, as the registry keeps it.
    var erased: ViewModelDefinition {
        let inputsByName = Dictionary(inputs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return ViewModelDefinition(
            name: name,
            summary: summary,
            options: options,
            inputs: inputs.map { InputDescription(name: $0.name, parameters: $0.parameters, summary: $0.summary) },
            outputs: outputs.map {
                OutputDescription(name: $0.name, typeName: $0.typeName, schema: $0.schema, sendsCurrentValue: $0.sendsCurrentValue, summary: $0.summary)
            },
            instantiate: { context throws(CreationFailure) in
                let model = try make(context)
                return ErasedModel(
                    model: model,
                    apply: { input, arguments throws(InputFailure) in
                        guard let definition = inputsByName[input] else { return false }
                        try definition.apply(model, arguments)
                        return true
                    },
                    observe: { index, send in
                        guard outputs.indices.contains(index) else { return nil }
                        return outputs[index].observe(model, send)
                    }
                )
            }
        )
    }
}

/// A documented `create` option.
public struct OptionDescription: Sendable, Equatable {
    /// The option's key in `create`'s `options` object.
    public let name: String
    /// Its JSON Schema.
    public let schema: JSONValue
    /// What it does.
    public let summary: String

    /// Documents an option.
    public init(_ name: String, schema: JSONValue, summary: String) {
        self.name = name
        self.schema = schema
        self.summary = summary
    }
}

/// Why an instance could not be created (bad options, a data file that cannot be read…).
public struct CreationFailure: Error, Sendable, Equatable {
    /// What went wrong, for the client.
    public let message: String

    /// A failure with a message for the client.
    public init(_ message: String) {
        self.message = message
    }
}
