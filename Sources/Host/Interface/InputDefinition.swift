import JSON

/// One input of a view-model type: its name, its parameters and how to apply it.
///
/// Built with `.input(...)`:
/// ```swift
/// .input("viewDidLoad") { $0.viewDidLoad() }
/// .input("nameChanged", Param("name", String?.self)) { vm, name in vm.nameChanged(name: name) }
/// ```
public struct InputDefinition<Model: AnyObject>: @unchecked Sendable {
    /// The input's name: the part after the dot in `<instance>.<input>`.
    public let name: String
    /// The parameters, in positional order.
    public let parameters: [ParameterDescription]
    /// One line for `describe` and `.help`.
    public let summary: String?
    /// Decodes positional arguments (already matched to `parameters`, missing optional ones
    /// as `null`) and applies the input.
    let apply: (Model, [JSONValue]) throws(InputFailure) -> Void

    /// An input with any number of typed parameters.
    public static func input<each P: JSONConvertible>(
        _ name: String,
        _ parameters: repeat Param<each P>,
        summary: String? = nil,
        _ action: @escaping (Model, repeat each P) throws(InputFailure) -> Void
    ) -> InputDefinition {
        var descriptions: [ParameterDescription] = []
        for parameter in repeat each parameters { descriptions.append(parameter.description) }
        let count = descriptions.count
        return InputDefinition(name: name, parameters: descriptions, summary: summary) { model, arguments throws(InputFailure) in
            guard arguments.count == count else {
                // The host matches arguments to parameters before calling; this is a guard
                // against a mismatch in that code, reported rather than trapped.
                throw .invalidArguments("expected \(count) arguments, got \(arguments.count)")
            }
            var index = 0
            func next<T: JSONConvertible>(_ parameter: Param<T>) throws(InputFailure) -> T {
                defer { index += 1 }
                return try parameter.decode(arguments[index])
            }
            do {
                let values = (repeat try next(each parameters))
                try action(model, repeat each values)
            } catch let failure as InputFailure {
                throw failure
            } catch {
                throw .invalidArguments("\(error)")
            }
        }
    }
}
