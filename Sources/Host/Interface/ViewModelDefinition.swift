import JSON
import Signals

/// A view-model type with its model type erased: what the registry and the session work with.
public struct ViewModelDefinition: @unchecked Sendable {
    /// The type's name.
    public let name: String
    /// One line for `describe`.
    public let summary: String
    /// Documented `create` options.
    public let options: [OptionDescription]
    /// The inputs, in declaration order.
    public let inputs: [InputDescription]
    /// The outputs, in declaration order.
    public let outputs: [OutputDescription]
    /// Makes one model.
    let instantiate: (CreationContext) throws(CreationFailure) -> ErasedModel

    /// The input called `name`.
    public func input(named name: String) -> InputDescription? {
        inputs.first { bytesEqual($0.name, name) }
    }
}

/// An input as the host describes it.
public struct InputDescription: Sendable, Equatable {
    /// The input's name.
    public let name: String
    /// Its parameters in positional order.
    public let parameters: [ParameterDescription]
    /// One line of documentation.
    public let summary: String?

    /// `nameChanged(name: string or null)`: how `.help` and error messages show an input.
    public var signature: String {
        "\(name)(" + parameters.map { "\($0.label): \($0.typeName)" }.joined(separator: ", ") + ")"
    }
}

/// An output as the host describes it.
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
