import ArgumentParser
import FoundationEssentials
import Host
import REPL

/// `switchboard repl`: the REPL on the same session and dispatch as the daemon.
struct Repl: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "repl",
        abstract: "A REPL for people (the default when stdin is a terminal).",
        // The parser lists every option in the usage line unless told otherwise: 262 columns here.
        usage: "\(commandName) repl [<options>]",
        discussion: """
        Type signup.nameChanged "Lisa", press Tab to complete, .help for the commands. With stdin \
        not a terminal it runs in plain mode: lines from stdin, the same readable output, no \
        line editing (for rlwrap and editor shells). help, ?, quit and exit work as bare words. \
        Exit status in plain mode: 1 when any command failed (a parse error, an unknown \
        command, an error response), else 0; 3 when stdout was closed. History: \
        $SWITCHBOARD_HISTFILE, else $XDG_STATE_HOME/switchboard/history, else \
        ~/.local/state/switchboard/history.
        """
    ) }

    @OptionGroup var session: SessionOptions

    @Option(help: "Colour: auto (stdout a terminal, NO_COLOR unset, TERM not dumb), always or never.")
    var color: ColorChoice = .auto

    @Flag(name: .customLong("prompt"), help: "In plain mode (stdin not a terminal), print the prompt anyway.")
    var promptInPlainMode = false

    func run() throws {
        let application = Application.current
        if let dataFile = session.dataFile, let problem = application.dataFileProblem?(dataFile) {
            FileHandleStderr.write("\(commandName): \(OptionName.dataFile.flag): \(problem)\n")
            throw ExitCode(64)
        }
        if let database = session.database, let problem = application.databaseProblem?(database) {
            FileHandleStderr.write("\(commandName): \(OptionName.database.flag): \(problem)\n")
            throw ExitCode(69)
        }
        var options = REPLOptions()
        options.color = color
        options.virtualClock = session.clock == .virtual
        options.session = session.settings.sessionConfiguration(identity: application.identity)
        options.exitGracePeriod = session.exitGraceSeconds
        options.replayArguments = session.settings.replayArguments
        options.promptInPlainMode = promptInPlainMode
        options.environment = ProcessInfo.processInfo.environment
        options.banner = "\(commandName) \(application.identity.version): .help for help, Tab completes, Ctrl-D quits"
        let repl = REPL(registry: application.registry, options: options)
        throw ExitCode(repl.run())
    }
}

extension ColorChoice: ExpressibleByArgument {}
