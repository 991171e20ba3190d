import RPC
import Host
import JSON

/// Turns what the session sends into lines for people: `signup.submitButtonEnabled = true`,
/// errors in red with what to do about them, delegated calls with how to answer. Pure: the
/// same messages give the same text, coloured or plain.
public struct OutputFormatter: Sendable {
    /// Colour or not.
    public let style: Style

    /// A formatter painting with `style`.
    public init(style: Style) {
        self.style = style
    }

    /// `signup.submitButtonEnabled = true`: the value as compact JSON.
    public func output(_ notification: OutputNotification) -> String {
        output(instance: notification.instance, output: notification.output, value: notification.value)
    }

    /// `instance.output = value`.
    public func output(instance: String, output: String, value: JSONValue) -> String {
        style.paint("\(instance).\(output)", .name) + " = " + style.paint(value.serializedString(), .value)
    }

    /// The error line, then what the person can do: the near miss for -32601, the expected
    /// signature for -32602.
    public func error(_ error: RPCError) -> [String] {
        var message = error.message
        var hints: [String] = []
        let data = error.data
        if let suggestion = data?["suggestion"]?.stringValue {
            // The host's message ends with the same suggestion; it is said once, below.
            let suffix = "; did you mean '\(suggestion)'?"
            if message.hasSuffix(suffix) { message.removeLast(suffix.count) }
            hints.append("did you mean `\(suggestion)`?")
        }
        if error.code == .invalidParams, let signature = data?["signature"]?.stringValue {
            hints.append("expected: \(signature)")
        }
        if error.code == .methodNotFound, data?["suggestion"] == nil {
            if let instances = data?["instances"]?.arrayValue, let types = data?["types"]?.arrayValue {
                hints.append("instances: \(Self.names(instances)); types: \(Self.names(types)) (.help lists them)")
            } else if let inputs = data?["inputs"]?.arrayValue, !message.contains("its inputs are") {
                // Said once: the host's message lists the inputs already.
                hints.append("inputs: \(Self.names(inputs))")
            }
        }
        return [style.paint("error \(error.code.rawValue): \(message)", .error)] + hints.map { "  " + style.paint($0, .hint) }
    }

    /// A line the REPL could not understand, before anything was sent.
    public func parseError(_ error: ParseError) -> [String] {
        [style.paint("error: \(error.message)", .error)] + (error.hint.map { ["  " + style.paint($0, .hint)] } ?? [])
    }

    /// A service call the session delegates to the client, and how to answer it.
    public func clientRequest(id: String, method: String, params: JSONValue) -> [String] {
        let answer = "{\"jsonrpc\":\"2.0\",\"id\":\(JSONValue.string(id).serializedString()),\"result\":…}"
        return [
            style.paint("call \(id): \(method) \(params.serializedString())", .call),
            "  " + style.paint("answer with \(answer)", .hint),
        ]
    }

    /// A result worth showing (a host method's answer, a raw request's result), on one line.
    public func result(_ value: JSONValue) -> String {
        style.paint(value.serializedString(), .value)
    }

    /// A result laid out for a terminal `width` columns wide (indented where it does not fit
    /// on one line), or on one line when `width` is nil (pipes).
    public func resultLines(_ value: JSONValue, width: Int?) -> [String] {
        guard let width else { return [result(value)] }
        return PrettyJSON(style: style, width: width).lines(value)
    }

    /// A success with nothing to show.
    public func ok() -> String {
        style.paint("ok", .dim)
    }

    /// What was sent, under `.raw on`.
    public func sent(_ wire: String) -> String {
        style.paint("> " + wire, .dim)
    }

    /// What was received, under `.raw on`.
    public func received(_ wire: String) -> String {
        style.paint("< " + wire, .dim)
    }

    /// A remark of the REPL's own.
    public func note(_ text: String) -> String {
        style.paint(text, .dim)
    }

    /// Something the session reported on the side (a stray response, a timeout).
    public func warning(_ text: String) -> String {
        style.paint("warning: \(text)", .hint)
    }

    static func names(_ values: [JSONValue]) -> String {
        let names = values.compactMap(\.stringValue)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
