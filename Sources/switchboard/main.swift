import SystemIO

// The entry point only hands off: the command types own parsing and validation. With no
// subcommand, a terminal on stdin gets the REPL and a pipe gets the daemon.
Switchboard.main(DefaultFace.arguments(Array(CommandLine.arguments.dropFirst()), stdinIsTerminal: FileDescriptor.standardInput.isTerminal))
