import Host
import JSON

/// The answers to dot commands, as text.
extension OutputFormatter {
    /// `.types`: one line per type with its summary.
    public func types(_ types: [TypeDescription]) -> [String] {
        guard !types.isEmpty else { return [note("no view-model types")] }
        let width = types.map(\.name.count).max() ?? 0
        return types.map { type in
            style.paint(type.name.padding(to: width), .name) + "  " + type.summary
        }
    }

    /// `.list`: one line per instance with its type.
    public func instances(_ instances: [InstanceInfo]) -> [String] {
        guard !instances.isEmpty else { return [note("no instances yet; .new TYPE creates one, and so does calling TYPE.input")] }
        let width = instances.map(\.id.count).max() ?? 0
        return instances.map { instance in
            style.paint(instance.id.padding(to: width), .name) + "  " + style.paint(instance.type, .dim)
        }
    }

    /// `.snapshot ID`: `id.output = value` for each output that has sent a value.
    public func snapshot(id: String, _ result: JSONValue) -> [String] {
        guard let object = result.objectValue, !object.isEmpty else { return [note("\(id) has sent no output yet")] }
        return object.map { key, value in
            style.paint("\(id).\(key)", .name) + " = " + style.paint(value.serializedString(), .value)
        }
    }

    /// `.new`: the new instance.
    public func created(_ result: JSONValue) -> String {
        let id = result["id"]?.stringValue ?? "?"
        let type = result["type"]?.stringValue ?? "?"
        return note(id == type ? "created \(id)" : "created \(id), a \(type)")
    }

    /// `.advance`: where the virtual clock is now.
    public func advanced(_ result: JSONValue) -> String {
        guard let now = result["now"]?.doubleValue else { return ok() }
        let text = now == now.rounded() && abs(now) < 1e15 ? String(Int64(now)) : String(now)
        return note("clock at \(text) ms")
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
