import SystemIO

// The entry point only hands off: the command types own parsing and validation. With no
// subcommand, a terminal on stdin gets the REPL and a pipe gets the daemon.
let arguments = DefaultFace.arguments(Array(CommandLine.arguments.dropFirst()), stdinIsTerminal: FileDescriptor.standardInput.isTerminal)

// The daemon with default settings (`switchboard` on a pipe, `switchboard serve`, or
// `switchboard mcp`) skips the argument parser: building its model of the commands by
// reflection was 42% of the daemon's start-up instructions (two thirds of the MCP face's), and
// editors, agents and scripts start the daemon exactly this way.
if let settings = DefaultFace.daemonWithoutOptions(arguments) {
    ServeRunner.run(settings, recordPath: nil)
}
Switchboard.main(arguments)
