import JSON
import Signals

/// A declared type with its model type erased: what the registry and the session work with.
///
/// Its parts live in one shared, immutable object: every instance keeps its definition, and a
/// copy is then one reference (8 bytes and one retain) rather than the description's five
/// fields and a closure (72 bytes and six retains per instance; BENCHMARKS.md, issue 18).
public struct ViewModelDefinition: @unchecked Sendable {
    /// The shared parts.
    private final class Parts: @unchecked Sendable {
        let description: TypeDescription
        let instantiate: (CreationContext) throws(CreationFailure) -> ErasedModel

        init(description: TypeDescription, instantiate: @escaping (CreationContext) throws(CreationFailure) -> ErasedModel) {
            self.description = description
            self.instantiate = instantiate
        }
    }

    private let parts: Parts

    init(description: TypeDescription, instantiate: @escaping (CreationContext) throws(CreationFailure) -> ErasedModel) {
        parts = Parts(description: description, instantiate: instantiate)
    }

    /// What the host says about the type.
    public var description: TypeDescription { parts.description }
    /// Checks the options and makes one model.
    var instantiate: (CreationContext) throws(CreationFailure) -> ErasedModel { parts.instantiate }

    /// The type's name.
    public var name: String { description.name }

    /// The input called `name`.
    public func input(named name: String) -> InputDescription? {
        description.input(named: name)
    }

    /// The position of the input called `name` (compared by bytes) in `description.inputs`,
    /// which is also its position for `ErasedModel.apply`.
    func inputIndex(named name: String) -> Int? {
        // By index, comparing each name in place: `firstIndex(where:)` handed its closure a
        // copy of every description it passed, retaining all of its strings.
        let inputs = description.inputs
        for index in inputs.indices where bytesEqual(inputs[index].name, name) {
            return index
        }
        return nil
    }
}

/// One live model behind closures that know its real type.
struct ErasedModel {
    /// The model itself, kept alive by the instance.
    let model: AnyObject
    /// Applies input number `index` (see `ViewModelDefinition.inputIndex(named:)`); false if
    /// there is none.
    let apply: (_ index: Int, _ arguments: [JSONValue]) throws(InputFailure) -> Bool
    /// Observes output number `index`.
    let observe: (_ index: Int, _ send: @escaping (JSONValue) -> Void) -> Disposable?
}
