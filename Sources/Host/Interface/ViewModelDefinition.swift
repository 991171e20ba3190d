import JSON
import Signals

/// A declared type with its model type erased: what the registry and the session work with.
public struct ViewModelDefinition: @unchecked Sendable {
    /// What the host says about the type.
    public let description: TypeDescription
    /// Checks the options and makes one model.
    let instantiate: (CreationContext) throws(CreationFailure) -> ErasedModel

    /// The type's name.
    public var name: String { description.name }

    /// The input called `name`.
    public func input(named name: String) -> InputDescription? {
        description.input(named: name)
    }
}

/// One live model behind closures that know its real type.
struct ErasedModel {
    /// The model itself, kept alive by the instance.
    let model: AnyObject
    /// Applies the input called `name`; false if there is none.
    let apply: (_ name: String, _ arguments: [JSONValue]) throws(InputFailure) -> Bool
    /// Observes output number `index`.
    let observe: (_ index: Int, _ send: @escaping (JSONValue) -> Void) -> Disposable?
}
