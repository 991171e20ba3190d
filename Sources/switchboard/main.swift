import SystemIO

// The entry point only hands off: the command types own parsing and validation. With no
// subcommand, a terminal on stdin gets the REPL and a pipe gets the daemon.
let arguments = DefaultFace.arguments(Array(CommandLine.arguments.dropFirst()), stdinIsTerminal: FileDescriptor.standardInput.isTerminal)

// The daemon's usual command lines (`switchboard` on a pipe, `switchboard serve` or
// `switchboard mcp`, with or without options) skip the argument parser: building its model of
// the commands by reflection was 42% of the daemon's start-up instructions without options (two
// thirds of the MCP face's) and 96% with one, and editors, agents and scripts start the daemon
// exactly this way. Anything else, errors and help among them, goes to the parser.
if let parsed = DaemonCommandLine.parse(arguments) {
    ServeRunner.run(parsed.settings, recordPath: parsed.recordPath)
}
Switchboard.main(arguments)
