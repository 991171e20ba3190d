import ArgumentParser

/// Which command the executable runs when no subcommand is named: the REPL for a person at a
/// terminal, the daemon for a pipe.
enum DefaultCommand {
    /// Words that already choose what runs: every subcommand's name (so a new one cannot be
    /// forgotten here), and the parser's own help and version flags.
    private static var explicit: Set<String> {
        Set(RootCommand.configuration.subcommands.map { $0.configuration.commandName ?? $0._commandName })
            .union(["help", "-h", "--help", "--version"])
    }

    /// The arguments to parse: `repl` goes in front when stdin is a terminal and the
    /// arguments name no subcommand (options alone, such as `--clock virtual`, go to it).
    static func arguments(_ given: [String], stdinIsTerminal: Bool) -> [String] {
        guard stdinIsTerminal else { return given }
        if let first = given.first, explicit.contains(first) || first.hasPrefix("--generate-") || first.hasPrefix("--experimental-") {
            return given
        }
        return ["repl"] + given
    }
}
