import Daemon
import Host
import MCPServer
import SystemIO
import Transcripts

/// Runs the daemon with `settings`: what `switchboard serve` does once its options are parsed.
enum ServeRunner {
    /// Serves until the input ends (or shutdown, or a signal), then ends the process with its
    /// exit status. Every non-zero status is explained by one line on stderr.
    ///
    /// The process ends with the session still alive: by then every answer is written, the
    /// transcript finished and the session's database closed (`StdioServer.run()`), and
    /// destroying the instances one by one first would only delay the exit (the kernel takes
    /// the memory back at once).
    static func run(_ application: Application, _ settings: ServerSettings, recordPath: String?) -> Never {
        // Before any file is opened: a closed stdout or stderr must not be handed to the
        // transcript or the data file.
        ProcessIO.occupyClosedStandardDescriptors()
        let name = application.identity.name
        let sink = LogSink()
        let logger = settings.makeLogger(sink: sink, label: name)
        func exit(_ status: Int32, _ diagnostic: String?) -> Never {
            if let diagnostic { sink.write(diagnostic) }
            sink.drain(waitingAtMost: settings.serverLimits.logDrainSeconds)
            ProcessIO.exitImmediately(status)
        }
        // A data file that cannot be the friends database is a usage error, found now rather
        // than at the first friends screen: one line, exit 64.
        if let dataFile = settings.dataFile, let problem = application.dataFileProblem?(dataFile) {
            exit(64, "\(name): \(OptionName.dataFile.flag): \(problem)")
        }
        // A database server that cannot be used is unavailable, not a usage error (EX_UNAVAILABLE).
        if let database = settings.database, let problem = application.databaseProblem?(database) {
            exit(69, "\(name): \(OptionName.database.flag): \(problem)")
        }
        var options = StdioServer.Options()
        options.framing = settings.framing
        options.limits = settings.serverLimits
        let configuration = settings.sessionConfiguration(identity: application.identity)
        let registry = application.registry
        logger.debug("serving \(registry.names.joined(separator: ", ")) with the \(settings.clock.rawValue) clock")
        var session: Session?
        var recorder: TranscriptRecorder?
        if let recordPath {
            do {
                recorder = try TranscriptRecorder(
                    path: recordPath,
                    realClock: settings.clock == .real,
                    daemonArguments: settings.replayArguments,
                    pendingWork: { session?.pendingScheduledWork ?? 0 }
                )
            } catch {
                exit(64, "\(name): \(OptionName.record.flag): \(error)")
            }
        }
        let face = settings.face
        let server = StdioServer(
            options: options, virtualClock: settings.clock == .virtual, observer: recorder, log: sink
        ) { clock, afterScheduledWork, sendToClient in
            let diagnose: (String) -> Void = { logger.warning("\($0)") }
            switch face {
            case .jsonrpc:
                let created = Session(
                    registry: registry, configuration: configuration, clock: clock,
                    diagnose: diagnose, afterScheduledWork: afterScheduledWork, sink: sendToClient
                )
                session = created
                return (created, created)
            case .mcp:
                let made = MCPAdapter.make(
                    registry: registry, configuration: configuration, clock: clock,
                    diagnose: diagnose, afterScheduledWork: afterScheduledWork, sink: sendToClient
                )
                session = made.session
                return (made.session, made.adapter)
            }
        }
        // Kept alive until the process ends (see above): released here, the server would take
        // the session and every instance with it.
        return withExtendedLifetime(server) {
            let outcome = server.run()
            exit(outcome.exitStatus, outcome.diagnostic)
        }
    }
}
