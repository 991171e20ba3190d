import JSON

/// One labelled, typed parameter of a view-model input: `Param("name", String?.self)`.
///
/// The label is the Swift argument label, which is also the key a client uses to pass the
/// parameter by name. An optional type (`String?`) accepts `null` and may be omitted.
public struct Param<Value: JSONConvertible>: Sendable {
    /// The parameter's label.
    public let label: String

    /// A parameter called `label` of type `Value`.
    @inlinable
    public init(_ label: String, _ type: Value.Type = Value.self) {
        self.label = label
    }

    /// What `describe` and error messages say about this parameter.
    @inlinable
    var description: ParameterDescription {
        ParameterDescription(
            label: label,
            typeName: Value.jsonTypeName,
            schema: Value.jsonSchema,
            acceptsNull: (try? Value(json: .null)) != nil
        )
    }

    /// Decodes this parameter's argument, naming the parameter in any error.
    @inlinable
    func decode(_ argument: JSONValue) throws(InputFailure) -> Value {
        do {
            return try Value(json: argument)
        } catch {
            throw .wrongType(parameter: label, error)
        }
    }
}
