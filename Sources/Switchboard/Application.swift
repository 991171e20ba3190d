@_exported import Host
import ArgumentParser
import SystemIO

/// An executable that serves view models: its identity, its view-model types and anything its
/// command line adds. ``main(_:)`` gives it the whole of `switchboard`'s command line.
public struct Application: Sendable {
    /// The name, title and version the executable reports (`--version`, the REPL's banner,
    /// `rpc.discover`, MCP's `serverInfo`) and its usage lines show.
    public var identity: ServerIdentity
    /// The view-model types it serves.
    public var registry: Registry
    /// One line on what it serves, for `--help`.
    public var abstract: String
    /// A request line that shows what it serves, for `--help`'s example (`echo LINE | NAME`).
    public var exampleRequest: String
    /// Subcommands of its own, after `serve`, `mcp`, `repl` and `test`.
    public var commands: [any ParsableCommand.Type]
    /// Why a `--data-file` path cannot be used, or nil when it can: checked before anything
    /// starts, so a bad path is a usage error (exit 64) rather than a failure later. Nil
    /// accepts any path (the view models decide what the setting means).
    public var dataFileProblem: (@Sendable (String) -> String?)?
    /// Why the `--database` URL cannot be used (no server, refused credentials), or nil:
    /// checked before anything starts, so a server that is down is exit status 69 with one
    /// line rather than a failure later. Nil accepts any URL.
    public var databaseProblem: (@Sendable (String) -> String?)?

    /// An application serving `registry` as `identity` says.
    public init(
        identity: ServerIdentity,
        registry: Registry,
        abstract: String? = nil,
        exampleRequest: String = #"{"jsonrpc":"2.0","id":1,"method":"list"}"#,
        commands: [any ParsableCommand.Type] = [],
        dataFileProblem: (@Sendable (String) -> String?)? = nil,
        databaseProblem: (@Sendable (String) -> String?)? = nil
    ) {
        self.identity = identity
        self.registry = registry
        self.abstract = abstract ?? "Drive view models over JSON-RPC 2.0 on stdin/stdout, as an MCP server or in a REPL."
        self.exampleRequest = exampleRequest
        self.commands = commands
        self.dataFileProblem = dataFileProblem
        self.databaseProblem = databaseProblem
    }

    /// The application whose command line is being run. Set once by ``main(_:)`` before the
    /// parser reads the commands' configurations, which are static.
    static let running = Monitor<Application?>(nil)

    /// ``running``, or an application of Switchboard's identity serving nothing, for a command
    /// type read outside ``main(_:)`` (the parser's tests).
    static var current: Application {
        running.withLock { $0 } ?? Application(identity: .switchboard, registry: Registry())
    }
}

/// Runs `application`'s command line and ends the process: `serve` (the default when stdin is
/// not a terminal), `mcp`, `repl` (the default at a terminal), `test` for transcripts, `--help`
/// and `--version`, with Switchboard's options, limits and exit statuses.
///
/// A package's executable is its declarations and this call:
///
///     import Switchboard
///     var registry = Registry()
///     registry.register(searchType)
///     Switchboard.main(Application(identity: ServerIdentity(name: "search-box", title: "Search box", version: "1.0.0"), registry: registry))
public func main(_ application: Application) -> Never {
    Application.running.withLock { $0 = application }
    let arguments = DefaultCommand.arguments(Array(CommandLine.arguments.dropFirst()), stdinIsTerminal: FileDescriptor.standardInput.isTerminal)
    // Nothing to parse: a daemon started without options runs with the defaults, which is all
    // the parser would produce, without first building its model of the commands by reflection
    // (most of a start-up). Any option, a typo or `--help` goes to the parser.
    if let face = WireProtocol.withoutOptions(arguments) {
        var settings = ServerSettings()
        settings.face = face
        ServeRunner.run(application, settings, recordPath: nil)
    }
    RootCommand.main(arguments)
    ProcessIO.exit(0)
}
