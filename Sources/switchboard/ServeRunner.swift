import Catalog
import Host
import Transcripts

/// Runs the daemon with `settings`: what `switchboard serve` does once its options are parsed.
enum ServeRunner {
    /// Serves until the input ends (or shutdown, or a signal) and returns the exit status.
    static func run(_ settings: ServerSettings, recordPath: String?) -> Int32 {
        let logger = settings.makeLogger()
        var options = StdioServer.Options()
        options.framing = settings.framing
        options.maxMessageLength = settings.maxLineBytes
        options.exitGracePeriod = settings.exitGraceSeconds
        options.maxBufferedOutputBytes = settings.maxOutputBuffer
        let configuration = settings.sessionConfiguration()
        let registry = BuiltinCatalog.registry()
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
                logger.error("\(error)")
                return 64
            }
        }
        let server = StdioServer(options: options, virtualClock: settings.clock == .virtual, observer: recorder) { clock, afterScheduledWork, sink in
            let created = Session(
                registry: registry,
                configuration: configuration,
                clock: clock,
                diagnose: { logger.warning("\($0)") },
                afterScheduledWork: afterScheduledWork,
                sink: sink
            )
            session = created
            return created
        }
        let outcome = server.run()
        if outcome != .finished { logger.notice("stopping: \(outcome)") }
        return outcome.exitStatus
    }
}
