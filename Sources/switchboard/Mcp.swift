import ArgumentParser

/// `switchboard mcp`: the daemon as a Model Context Protocol server on stdin/stdout.
///
/// A subcommand rather than detecting `initialize` on the plain face: the face decides the
/// shape of every answer and notification, so it is chosen once, where an editor's MCP
/// configuration names the command, and the same bytes never mean two things.
struct Mcp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the view models as an MCP server on stdin/stdout (tools, resources, subscriptions).",
        discussion: "The same as 'switchboard serve --face mcp'. Add it to an MCP-capable editor or agent as a stdio server with the command 'switchboard mcp'. See protocol.md, section MCP. Exit statuses as for 'serve'."
    )

    @OptionGroup var server: ServerOptions

    @OptionGroup var session: SessionOptions

    @Option(name: .customLong("record"), help: "Record the session as a transcript to this file (replay it with 'switchboard test FILE').")
    var recordPath: String?

    func run() throws {
        var settings = session.settings
        server.apply(to: &settings)
        settings.face = .mcp
        throw ExitCode(ServeRunner.run(settings, recordPath: recordPath))
    }
}
