import JSON

/// The view-model types a session can create, by name.
public struct Registry: Sendable {
    /// By exact name: `"signup"` and a canonically equivalent spelling are different names.
    private var types: [ExactString: ViewModelDefinition] = [:]
    /// Type names in registration order (for `describe` and completion).
    public private(set) var names: [String] = []

    /// An empty registry.
    public init() {}

    /// Adds a type. A later registration with the same name replaces the earlier one.
    public mutating func register<Model: AnyObject>(_ type: ViewModelDeclaration<Model>) {
        register(type.erased)
    }

    /// Adds an erased definition.
    public mutating func register(_ definition: ViewModelDefinition) {
        precondition(!definition.name.contains(".") && !definition.name.isEmpty && definition.name != "rpc",
                     "view-model type names must be non-empty, contain no dot and not be 'rpc': \(definition.name)")
        if types.updateValue(definition, forKey: ExactString(definition.name)) == nil {
            names.append(definition.name)
        }
    }

    /// The type called `name`.
    public subscript(name: String) -> ViewModelDefinition? {
        types[ExactString(name)]
    }

    /// All types in registration order.
    public var definitions: [ViewModelDefinition] {
        names.compactMap { types[ExactString($0)] }
    }

    /// What the host says about each type, in registration order.
    public var descriptions: [TypeDescription] {
        definitions.map(\.description)
    }
}
