import ArgumentParser

/// `switchboard mcp`: the daemon as a Model Context Protocol server on stdin/stdout.
///
/// A subcommand rather than detecting `initialize` on plain JSON-RPC: the protocol decides the
/// shape of every answer and notification, so it is chosen once, where an editor's MCP
/// configuration names the command, and the same bytes never mean two things.
struct Mcp: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the view models as an MCP server on stdin/stdout (tools, resources, subscriptions).",
        // The parser lists every option in the usage line unless told otherwise.
        usage: "\(commandName) mcp [<options>]",
        discussion: "The same as '\(commandName) serve --face mcp'. Add it to an MCP-capable editor or agent as a stdio server with the command '\(commandName) mcp'. See protocol.md, section 12. Exit statuses as for 'serve'."
    ) }

    @OptionGroup var daemon: DaemonArguments

    func run() throws {
        daemon.run(face: .mcp)
    }
}
