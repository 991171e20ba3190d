import Host
/// The text of `.help`, built from what the session describes (never from a list of types
/// written here).
struct HelpText {
    let style: Style

    /// `.help` or `.help TOPIC`; nil when the topic names nothing known.
    func lines(topic: String?, description: SessionDescription) -> [String]? {
        guard let topic else { return overview(description) }
        if let (target, name) = Session.splitMethod(topic) {
            guard let type = description.type(ofTarget: target),
                  let input = type.input(named: name) else { return nil }
            return self.input(input, target: target)
        }
        guard let type = description.type(ofTarget: topic) else { return nil }
        return self.type(type, target: topic)
    }

    func overview(_ description: SessionDescription) -> [String] {
        // The examples use a real input with a parameter, whatever the registry holds.
        let example = description.types.lazy.compactMap { type in
            type.inputs.first { !$0.parameters.isEmpty }.map { (type.name, $0) }
        }.first
        let call = example.map { "\($0.0).\($0.1.name)" } ?? "TYPE.input"
        let label = example?.1.parameters.first?.label ?? "label"
        let forms = [
            ("\(call) \"text\"", "arguments by position, as JSON (a bare word is a string)"),
            ("\(call) \(label)=\"text\"", "arguments by label"),
            ("{\"jsonrpc\":\"2.0\",…}", "a JSON-RPC message or batch, sent unchanged"),
        ]
        let formWidth = forms.map(\.0.count).max() ?? 0
        var lines = [style.paint("Send inputs to view models; their outputs print as they arrive.", .heading)]
        lines += forms.map { "  " + $0.0.padding(to: formWidth) + "  " + $0.1 }
        lines += [
            "Calling TYPE.input creates an instance named TYPE on first use. Tab completes everything.",
            "",
            style.paint("Commands", .heading),
        ]
        let width = MetaCommand.usage.map { $0.name.count + 1 + $0.arguments.count }.max() ?? 0
        for command in MetaCommand.usage {
            let left = command.arguments.isEmpty ? command.name : "\(command.name) \(command.arguments)"
            lines.append("  " + left.padding(to: width) + "  " + command.summary)
        }
        lines.append("  help, ?, quit and exit also work without the dot (help TYPE too; \\q and \\? as in psql).")
        lines.append("  At a terminal, a line with open JSON brackets continues on the next (prompt ...>;")
        lines.append("  Ctrl-C drops it). Piped input is one command a line.")
        lines.append("")
        let names = description.types.map(\.name)
        lines.append(style.paint("Types", .heading) + "  " + (names.isEmpty ? "none" : names.joined(separator: ", ")) + "   (.help TYPE for its inputs, outputs and options)")
        return lines
    }

    func type(_ type: TypeDescription, target: String) -> [String] {
        var lines = [style.paint(target == type.name ? type.name : "\(target), a \(type.name)", .heading) + "  " + type.summary]
        let inputWidth = type.inputs.map(\.signature.count).max() ?? 0
        lines.append("inputs")
        for input in type.inputs {
            lines.append("  " + style.paint("\(target).", .dim) + input.signature.padding(to: inputWidth) + "  " + (input.summary ?? ""))
        }
        let outputs = type.outputs.map { "\($0.name): \($0.typeName)" }
        let outputWidth = outputs.map(\.count).max() ?? 0
        lines.append("outputs")
        for (output, text) in zip(type.outputs, outputs) {
            lines.append("  " + style.paint(text.padding(to: outputWidth), .name) + "  " + (output.summary ?? ""))
        }
        if !type.options.isEmpty {
            let options = type.options.map { "\($0.name): \($0.typeText)" }
            let optionWidth = options.map(\.count).max() ?? 0
            lines.append("options  (.new \(type.name) {\"\(type.options[0].name)\": …})")
            for (option, text) in zip(type.options, options) {
                lines.append("  " + style.paint(text.padding(to: optionWidth), .name) + "  " + option.summary)
            }
        }
        return lines.map { $0.trailingSpacesRemoved() }
    }

    func input(_ input: InputDescription, target: String) -> [String] {
        var lines = [style.paint("\(target).\(input.signature)", .heading)]
        if let summary = input.summary { lines.append("  " + summary) }
        for parameter in input.parameters where parameter.acceptsNull {
            lines.append("  " + style.paint("\(parameter.label) may be omitted (null)", .dim))
        }
        return lines
    }
}

extension String {
    func trailingSpacesRemoved() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
