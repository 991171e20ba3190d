import JSON

/// Why an input could not be applied. The host turns each case into a JSON-RPC error
/// (-32602 invalid params) whose message names the parameter and what was expected.
public enum InputFailure: Error, Sendable, Equatable {
    /// An argument had the wrong JSON type or value.
    case wrongType(parameter: String, JSONDecodingError)
    /// The arguments are valid one by one but not together (for example two parameters that
    /// may not both be null). The message says what is wrong.
    case invalidArguments(String)
}
