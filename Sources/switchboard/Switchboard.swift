import ArgumentParser

/// `switchboard`: serves the view models over JSON-RPC on stdio, or as a REPL on a terminal.
struct Switchboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchboard",
        abstract: "Drive Kickstarter-style view models over JSON-RPC 2.0 on stdin/stdout.",
        discussion: """
        With stdin a pipe, serves newline-delimited JSON-RPC (see protocol.md). Try:
          echo '{"jsonrpc":"2.0","id":1,"method":"signup.viewDidLoad"}' | switchboard
        With stdin a terminal, starts the REPL (switchboard repl).
        """,
        version: switchboardVersion,
        subcommands: [Serve.self, Mcp.self, Repl.self, TestCommand.self, FriendsCommand.self],
        defaultSubcommand: Serve.self
    )
}

/// The version printed by `--version`.
let switchboardVersion = "0.1.0"
