import JSON
import Signals

/// Declares a view-model type to the host: its name, its `create` options, how to make one,
/// its inputs and outputs. Everything the host says about the type (`describe`,
/// `rpc.discover`, the REPL's help) and every check of a `create` derive from this one value.
///
/// This is the extension point for serving your own view models:
/// ```swift
/// let search = ViewModelDeclaration<SearchViewModel>(
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
/// (Named for what it is, a declaration to the host, so that it cannot be confused with the
/// `XViewModelType` protocols of Kickstarter-style code.)
public struct ViewModelDeclaration<Model: AnyObject>: Sendable {
    /// The type's name: what `create` takes and what an implicit `<type>.<input>` creates.
    public let name: String
    /// One line for `describe`.
    public let summary: String
    /// The `create` options, each declared once (see ``CreateOption``).
    public let options: [any AnyCreateOption]
    /// Makes a model for one instance, once every option has been checked.
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
        options: [any AnyCreateOption] = [],
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

    /// What the host says about this type.
    public var description: TypeDescription {
        TypeDescription(
            name: name,
            summary: summary,
            inputs: inputs.map { InputDescription(name: $0.name, summary: $0.summary, parameters: $0.parameters) },
            outputs: outputs.map {
                OutputDescription(name: $0.name, typeName: $0.typeName, schema: $0.schema, sendsCurrentValue: $0.sendsCurrentValue, summary: $0.summary)
            },
            options: options.map(\.description)
        )
    }

    /// The type with its model type erased, as the registry keeps it.
    var erased: ViewModelDefinition {
        // In the description's order, so the session's one lookup of an input by name (by
        // bytes) gives the index here too; and with the model type already erased, so applying
        // one runs specialized code instead of generic code that fetches
        // `InputDefinition<Model>`'s metadata each time.
        let erasedInputs: [ErasedInput] = inputs.map { input in
            let apply = input.apply
            // Typed first: a typed-throws closure returned without a declared type crashes
            // Swift 6.3.1's SIL generation.
            let erased: ErasedInput = { model, arguments throws(InputFailure) in
                try apply(unsafeDowncast(model, to: Model.self), arguments)
            }
            return erased
        }
        let (name, options, make, outputs) = (name, options, make, outputs)
        return ViewModelDefinition(
            description: description,
            instantiate: { context throws(CreationFailure) in
                try validate(context.options, against: options, type: name)
                return try make(context)
            },
            apply: { model, index, arguments throws(InputFailure) in
                guard erasedInputs.indices.contains(index) else { return false }
                try erasedInputs[index](model, arguments)
                return true
            },
            observe: { model, index, sink in
                guard outputs.indices.contains(index) else { return nil }
                return outputs[index].observe(unsafeDowncast(model, to: Model.self), sink)
            }
        )
    }
}

typealias ErasedInput = (AnyObject, [JSONValue]) throws(InputFailure) -> Void

/// The former name of ``ViewModelDeclaration``.
@available(*, deprecated, renamed: "ViewModelDeclaration")
public typealias ViewModelType<Model: AnyObject> = ViewModelDeclaration<Model>

/// Why an instance could not be created (bad options, a data file that cannot be read…).
public struct CreationFailure: Error, Sendable, Equatable {
    /// What went wrong, for the client.
    public let message: String
    /// The `create` option at fault, when one is (sent as the error's `data.option`).
    public let option: String?

    /// A failure with a message for the client, naming the option at fault if there is one.
    public init(_ message: String, option: String? = nil) {
        self.message = message
        self.option = option
    }
}
