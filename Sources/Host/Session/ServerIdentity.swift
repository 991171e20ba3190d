/// Who is serving: the name, title and version a session reports (`rpc.discover`'s `info`,
/// MCP's `serverInfo`) and an executable prints (`--version`, the REPL's banner).
public struct ServerIdentity: Sendable, Equatable {
    /// The executable's name (`switchboard`, `search-box`).
    public var name: String
    /// A human-readable title.
    public var title: String
    /// The version.
    public var version: String

    /// An identity.
    public init(name: String, title: String, version: String) {
        self.name = name
        self.title = title
        self.version = version
    }

    /// Switchboard's own: the one place its version is declared.
    public static let switchboard = ServerIdentity(name: "switchboard", title: "Switchboard", version: "0.1.0")
}
