import RPC
import JSON

/// Matches a request's params (by position or by name) to an input's parameters.
enum ArgumentMatcher {
    /// Positional arguments for `input`: omitted nullable parameters become `null`.
    ///
    /// `method` names the call in error messages only, so it is built only for an error: the
    /// interpolation would otherwise run on every request.
    static func match(_ params: RPCParams, to input: InputDescription, method: @autoclosure () -> String) -> Result<[JSONValue], RPCError> {
        let parameters = input.parameters
        switch params {
        case .none:
            return fill([], parameters: parameters, method: method(), input: input)
        case let .array(values):
            guard values.count <= parameters.count else {
                return .failure(RPCError(
                    .invalidParams,
                    "Invalid params: \(method()) takes \(countText(parameters.count)) (\(input.signature)), got \(values.count)",
                    data: ["expected": .integer(Int64(parameters.count)), "got": .integer(Int64(values.count)), "signature": .string(input.signature)]
                ))
            }
            return fill(values, parameters: parameters, method: method(), input: input)
        case let .object(object):
            let labels = Set(parameters.map(\.label))
            if let unknown = object.keys.first(where: { !labels.contains($0) }) {
                var message = "Invalid params: \(method()) has no parameter '\(unknown)'"
                message += parameters.isEmpty ? "; it takes none" : "; it takes \(parameters.map(\.label).joined(separator: ", "))"
                var data: JSONObject = ["parameter": .string(unknown), "signature": .string(input.signature)]
                if let suggestion = Suggestion.closest(to: unknown, among: parameters.map(\.label)) {
                    message += "; did you mean '\(suggestion)'?"
                    data["suggestion"] = .string(suggestion)
                }
                return .failure(RPCError(.invalidParams, message, data: .object(data)))
            }
            var values: [JSONValue] = []
            for parameter in parameters {
                if let value = object[parameter.label] {
                    values.append(value)
                } else if parameter.acceptsNull {
                    values.append(.null)
                } else {
                    return .failure(missing(parameter, method: method(), input: input))
                }
            }
            return .success(values)
        }
    }

    private static func fill(_ given: [JSONValue], parameters: [ParameterDescription], method: @autoclosure () -> String, input: InputDescription) -> Result<[JSONValue], RPCError> {
        var values = given
        for parameter in parameters.dropFirst(given.count) {
            guard parameter.acceptsNull else { return .failure(missing(parameter, method: method(), input: input)) }
            values.append(.null)
        }
        return .success(values)
    }

    private static func missing(_ parameter: ParameterDescription, method: String, input: InputDescription) -> RPCError {
        RPCError(
            .invalidParams,
            "Invalid params: \(method) is missing parameter '\(parameter.label)' (\(parameter.typeName))",
            data: ["parameter": .string(parameter.label), "expected": .string(parameter.typeName), "signature": .string(input.signature)]
        )
    }

    private static func countText(_ count: Int) -> String {
        switch count {
        case 0: return "no parameters"
        case 1: return "1 parameter"
        default: return "\(count) parameters"
        }
    }

    /// The -32602 error for a failure reported by an input.
    static func error(for failure: InputFailure, method: String, input: InputDescription) -> RPCError {
        switch failure {
        case let .wrongType(parameter, decoding):
            var message = "Invalid params: parameter '\(parameter)' of \(method) expects \(decoding.expected), got \(decoding.found)"
            if !decoding.path.isEmpty { message += " at \(decoding.pathDescription)" }
            if let detail = decoding.message { message += " (\(detail))" }
            return RPCError(.invalidParams, message, data: [
                "parameter": .string(parameter),
                "expected": .string(decoding.expected),
                "found": .string(decoding.found),
                "signature": .string(input.signature),
            ])
        case let .invalidArguments(reason):
            return RPCError(.invalidParams, "Invalid params: \(method): \(reason)", data: ["signature": .string(input.signature)])
        }
    }
}
