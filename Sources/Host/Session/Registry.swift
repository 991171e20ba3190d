import JSON
import SystemIO

/// The view-model types a session can create, by name.
///
/// A type registered with `register(_:declaredBy:)` is declared on first use: building a
/// declaration instantiates the generic metadata of every input, output and option it has,
/// a large start-up cost if every type were declared, while a session usually creates one or
/// two of them.
public struct Registry: Sendable {
    /// By exact name: `"signup"` and a canonically equivalent spelling are different names.
    private var types: [ExactString: Entry] = [:]
    /// Type names in registration order (for `describe` and completion).
    public private(set) var names: [String] = []

    /// An empty registry.
    public init() {}

    /// Adds a type. A later registration with the same name replaces the earlier one.
    public mutating func register<Model: AnyObject>(_ type: ViewModelDeclaration<Model>) {
        register(type.erased)
    }

    /// Adds an erased definition.
    mutating func register(_ definition: ViewModelDefinition) {
        add(definition.name, Entry(definition))
    }

    /// Adds a type called `name` whose declaration `declare(name)` makes when the type is
    /// first looked up (by `create`, `describe` or a list of every type), once for all sessions
    /// sharing this registry. The name is passed in, so it is written once.
    public mutating func register<Model: AnyObject>(
        _ name: String,
        declaredBy declare: @escaping @Sendable (_ name: String) -> ViewModelDeclaration<Model>
    ) {
        add(name, Entry { declare(name).erased })
    }

    private mutating func add(_ name: String, _ entry: Entry) {
        precondition(!name.utf8.contains(Session.methodSeparator) && !name.isEmpty && !bytesEqual(name, Session.reservedTarget.description),
                     "view-model type names must be non-empty, contain no dot and not be '\(Session.reservedTarget)': \(name)")
        if types.updateValue(entry, forKey: ExactString(name)) == nil {
            names.append(name)
        }
    }

    /// The type called `name`.
    subscript(name: String) -> ViewModelDefinition? {
        types[ExactString(name)]?.definition
    }

    /// All types in registration order.
    var definitions: [ViewModelDefinition] {
        names.compactMap { self[$0] }
    }

    /// What the host says about each type, in registration order.
    public var descriptions: [TypeDescription] {
        definitions.map(\.description)
    }

    /// One registered type: its definition, or how to make it on first use. A class shared by
    /// every copy of the registry, so each type is declared once per process.
    private final class Entry: Sendable {
        private let state: Monitor<State>

        private enum State {
            case built(ViewModelDefinition)
            case pending(@Sendable () -> ViewModelDefinition)
        }

        init(_ definition: ViewModelDefinition) {
            state = Monitor(.built(definition))
        }

        init(_ declare: @escaping @Sendable () -> ViewModelDefinition) {
            state = Monitor(.pending(declare))
        }

        /// Built under the lock, so two sessions asking at once build it once.
        var definition: ViewModelDefinition {
            state.withLock { state in
                switch state {
                case let .built(definition):
                    return definition
                case let .pending(declare):
                    let definition = declare()
                    state = .built(definition)
                    return definition
                }
            }
        }
    }
}
