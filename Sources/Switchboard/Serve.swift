import ArgumentParser

/// `switchboard serve`: the JSON-RPC daemon on stdin/stdout.
struct Serve: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "serve",
        abstract: "Serve JSON-RPC 2.0 on stdin/stdout (the default when stdin is not a terminal).",
        // The parser lists every option in the usage line unless told otherwise.
        usage: "\(commandName) serve [<options>]",
        discussion: "Exit status: 0 at end of input, after shutdown, or after SIGTERM/SIGINT/SIGHUP (everything already read is answered and flushed first); 1 on a second signal while finishing; 3 when stdout was closed by the client; 4 when reading stdin failed; 5 when writing stdout failed otherwise; 64 for bad options. Every non-zero status writes one line on stderr saying why."
    ) }

    @Option(name: .long(.face), help: "Protocol: jsonrpc (protocol.md) or mcp (the Model Context Protocol; the same as the mcp subcommand).")
    var face: WireProtocol = .jsonrpc

    @OptionGroup var daemon: DaemonArguments

    func run() throws {
        daemon.run(face: face)
    }
}

/// What `serve` and `mcp` share: the transport's and the session's options, and recording.
struct DaemonArguments: ParsableArguments {
    @OptionGroup var server: ServerOptions

    @OptionGroup var session: SessionOptions

    @Option(name: .long(.record), help: "Record the session as a transcript to this file (replay it with the test subcommand).")
    var recordPath: String?

    /// The settings these options give a daemon with `face`.
    func settings(face: WireProtocol) -> ServerSettings {
        var settings = session.settings
        server.apply(to: &settings)
        settings.face = face
        return settings
    }

    /// Serves with these options and `face`, then ends the process with its exit status.
    func run(face: WireProtocol) -> Never {
        ServeRunner.run(Application.current, settings(face: face), recordPath: recordPath)
    }
}
