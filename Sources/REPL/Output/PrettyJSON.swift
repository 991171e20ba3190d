import JSON

/// JSON laid out for a person at a terminal: a value that fits the width stays on one line;
/// one that does not is broken into its members, indented by two spaces, recursively. Keys and
/// scalars are painted when colour is on. Pipes and `.raw on` keep the compact wire form.
struct PrettyJSON {
    let style: Style
    /// The terminal's width in columns.
    let width: Int

    /// The lines of `value`.
    func lines(_ value: JSONValue) -> [String] {
        var lines: [String] = []
        layout(value, prefix: "", indent: 0, trailer: "", into: &lines)
        return lines
    }

    /// Appends `value` starting with `prefix` (a key, already painted) at `indent`, followed by
    /// `trailer` (a comma, or nothing).
    private func layout(_ value: JSONValue, prefix: String, indent: Int, trailer: String, into lines: inout [String]) {
        let pad = String(repeating: " ", count: indent)
        let compact = value.serializedString()
        // Columns without the colour codes: the prefix's visible text is its key and ": ".
        let visiblePrefix = DisplayWidth.of(Self.strippingEscapes(prefix))
        if indent + visiblePrefix + DisplayWidth.of(compact) + trailer.count <= width || !value.isContainer {
            lines.append(pad + prefix + paint(value, compact) + trailer)
            return
        }
        switch value {
        case let .array(elements):
            lines.append(pad + prefix + "[")
            for (index, element) in elements.enumerated() {
                layout(element, prefix: "", indent: indent + 2, trailer: index == elements.count - 1 ? "" : ",", into: &lines)
            }
            lines.append(pad + "]" + trailer)
        case let .object(object):
            lines.append(pad + prefix + "{")
            let members = Array(object)
            for (index, member) in members.enumerated() {
                let key = style.paint(JSONValue.string(member.key).serializedString(), .name) + ": "
                layout(member.value, prefix: key, indent: indent + 2, trailer: index == members.count - 1 ? "" : ",", into: &lines)
            }
            lines.append(pad + "}" + trailer)
        default:
            lines.append(pad + prefix + paint(value, compact) + trailer)
        }
    }

    /// A value on one line: keys painted as names, everything else as values.
    private func paint(_ value: JSONValue, _ compact: String) -> String {
        guard style.isColored, case let .object(object) = value, !object.isEmpty else {
            return style.paint(compact, .value)
        }
        let members = object.map { style.paint(JSONValue.string($0.key).serializedString(), .name) + ":" + paint($0.value, $0.value.serializedString()) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// `text` without ANSI colour sequences (`ESC [ … m`).
    static func strippingEscapes(_ text: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension JSONValue {
    /// Whether this is an array or an object (something a layout can break).
    fileprivate var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}
