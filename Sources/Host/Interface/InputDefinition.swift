import JSON

/// One input of a view-model type: its name, its parameters and how to apply it.
///
/// Built with `.input(...)`, with up to five typed, labelled parameters:
/// ```swift
/// .input("viewDidLoad") { $0.viewDidLoad() }
/// .input("nameChanged", Param("name", String?.self)) { vm, name in vm.nameChanged(name: name) }
/// ```
/// (Fixed arities rather than a parameter pack: Swift 6.3's cross-module optimization crashes
/// on packs, and release builds of the daemon use it.)
public struct InputDefinition<Model: AnyObject>: @unchecked Sendable {
    /// The input's name: the part after the dot in `<instance>.<input>`.
    public let name: String
    /// The parameters, in positional order.
    public let parameters: [ParameterDescription]
    /// One line for `describe` and `.help`.
    public let summary: String?
    /// Decodes positional arguments (already matched to `parameters`, missing optional ones
    /// as `null`) and applies the input.
    @usableFromInline
    let apply: (Model, [JSONValue]) throws(InputFailure) -> Void

    @usableFromInline
    init(
        name: String,
        parameters: [ParameterDescription],
        summary: String?,
        apply: @escaping (Model, [JSONValue]) throws(InputFailure) -> Void
    ) {
        self.name = name
        self.parameters = parameters
        self.summary = summary
        self.apply = apply
    }

    /// The one builder behind every arity: checks the argument count before `body` reads any
    /// argument by position.
    @inlinable
    static func make(
        _ name: String,
        _ parameters: [ParameterDescription],
        _ summary: String?,
        _ body: @escaping (Model, [JSONValue]) throws(InputFailure) -> Void
    ) -> InputDefinition {
        InputDefinition(name: name, parameters: parameters, summary: summary) { model, arguments throws(InputFailure) in
            guard arguments.count == parameters.count else {
                // The host matches arguments to parameters before calling; this guards against
                // a mismatch in that code, reported rather than trapped.
                throw .invalidArguments("expected \(parameters.count) arguments, got \(arguments.count)")
            }
            try body(model, arguments)
        }
    }

    /// An input without parameters.
    @inlinable
    public static func input(
        _ name: String,
        summary: String? = nil,
        _ action: @escaping (Model) throws(InputFailure) -> Void
    ) -> InputDefinition {
        make(name, [], summary) { model, _ throws(InputFailure) in try action(model) }
    }

    /// An input with one parameter.
    @inlinable
    public static func input<A>(
        _ name: String,
        _ a: Param<A>,
        summary: String? = nil,
        _ action: @escaping (Model, A) throws(InputFailure) -> Void
    ) -> InputDefinition {
        make(name, [a.description], summary) { model, arguments throws(InputFailure) in
            try action(model, try a.decode(arguments[0]))
        }
    }

    /// An input with two parameters.
    @inlinable
    public static func input<A, B>(
        _ name: String,
        _ a: Param<A>, _ b: Param<B>,
        summary: String? = nil,
        _ action: @escaping (Model, A, B) throws(InputFailure) -> Void
    ) -> InputDefinition {
        make(name, [a.description, b.description], summary) { model, arguments throws(InputFailure) in
            try action(model, try a.decode(arguments[0]), try b.decode(arguments[1]))
        }
    }

    /// An input with three parameters.
    @inlinable
    public static func input<A, B, C>(
        _ name: String,
        _ a: Param<A>, _ b: Param<B>, _ c: Param<C>,
        summary: String? = nil,
        _ action: @escaping (Model, A, B, C) throws(InputFailure) -> Void
    ) -> InputDefinition {
        make(name, [a.description, b.description, c.description], summary) { model, arguments throws(InputFailure) in
            try action(model, try a.decode(arguments[0]), try b.decode(arguments[1]), try c.decode(arguments[2]))
        }
    }

    /// An input with four parameters.
    @inlinable
    public static func input<A, B, C, D>(
        _ name: String,
        _ a: Param<A>, _ b: Param<B>, _ c: Param<C>, _ d: Param<D>,
        summary: String? = nil,
        _ action: @escaping (Model, A, B, C, D) throws(InputFailure) -> Void
    ) -> InputDefinition {
        make(name, [a.description, b.description, c.description, d.description], summary) { model, arguments throws(InputFailure) in
            try action(model, try a.decode(arguments[0]), try b.decode(arguments[1]), try c.decode(arguments[2]), try d.decode(arguments[3]))
        }
    }

    /// An input with five parameters.
    @inlinable
    public static func input<A, B, C, D, E>(
        _ name: String,
        _ a: Param<A>, _ b: Param<B>, _ c: Param<C>, _ d: Param<D>, _ e: Param<E>,
        summary: String? = nil,
        _ action: @escaping (Model, A, B, C, D, E) throws(InputFailure) -> Void
    ) -> InputDefinition {
        make(name, [a.description, b.description, c.description, d.description, e.description], summary) { model, arguments throws(InputFailure) in
            try action(model, try a.decode(arguments[0]), try b.decode(arguments[1]), try c.decode(arguments[2]), try d.decode(arguments[3]), try e.decode(arguments[4]))
        }
    }
}
