import ArgumentParser

/// The executable's root command: its subcommands, `--help` and `--version`, named after the
/// running ``Application``.
struct RootCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let application = Application.current
        let name = application.identity.name
        return CommandConfiguration(
            commandName: name,
            abstract: application.abstract,
            discussion: """
            With stdin a pipe, serves newline-delimited JSON-RPC. Try:
              echo '\(application.exampleRequest)' | \(name)
            With stdin a terminal, starts the REPL (\(name) repl).
            """,
            version: application.identity.version,
            subcommands: [Serve.self, Mcp.self, Repl.self, TestCommand.self] + application.commands,
            defaultSubcommand: Serve.self
        )
    }
}

/// The running application's name, for usage lines and messages.
var commandName: String { Application.current.identity.name }
