import JSON

/// A dot command of the REPL. Each one that concerns the session maps to a host method
/// (`create`, `destroy`, `list`, `snapshot`, `advance`, `describe`) sent through it.
public enum MetaCommand: Equatable, Sendable {
    /// `.help [topic]`: the commands, or a type, an instance or an input (`signup.nameChanged`).
    case help(topic: String?)
    /// `.types`: the view-model types (`describe`).
    case types
    /// `.new TYPE [as ID] [{options}]`: creates an instance (`create`).
    case new(type: String, id: String?, options: JSONObject?)
    /// `.destroy ID` (`destroy`).
    case destroy(id: String)
    /// `.list`: the live instances (`list`).
    case list
    /// `.snapshot ID`: the last value of each output (`snapshot`).
    case snapshot(id: String)
    /// `.advance MS`: moves the virtual clock (`advance`).
    case advance(ms: Double)
    /// `.raw on|off`: whether the wire JSON is shown too; nil toggles.
    case raw(Bool?)
    /// `.record FILE`: starts writing a transcript.
    case record(path: String)
    /// `.stop`: stops recording.
    case stop
    /// `.timeline FILE`: writes the session so far as an HTML timeline.
    case timeline(path: String)
    /// `.quit` (or `.exit`).
    case quit

    /// One line per command for `.help`, in the order they are listed.
    public static let usage: [(name: String, arguments: String, summary: String)] = [
        (".help", "[type|instance|x.input]", "this help, or the inputs and outputs of a type"),
        (".types", "", "the view-model types"),
        (".new", "TYPE [as ID] [{options}]", "create an instance"),
        (".destroy", "ID", "destroy an instance"),
        (".list", "", "the live instances"),
        (".snapshot", "ID", "the last value of each output of an instance"),
        (".advance", "MS", "move the virtual clock (with --clock virtual)"),
        (".raw", "on|off", "also show the JSON-RPC sent and received"),
        (".record", "FILE", "save what is sent and received to FILE"),
        (".stop", "", "stop recording"),
        (".timeline", "FILE.html", "write the session so far as a timeline (an HTML page)"),
        (".quit", "", "leave (Ctrl-D does too)"),
    ]

    /// The command names, for completion.
    public static var names: [String] { usage.map(\.name) }

    /// Whether the command named `name` takes arguments (completion adds a space after it).
    static func takesArguments(_ name: String) -> Bool {
        usage.first { $0.name == name }.map { !$0.arguments.isEmpty } ?? false
    }
}
