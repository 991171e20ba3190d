import ArgumentParser
import Catalog
import Framing
import Host
import Logging
import Transcripts

#if canImport(Glibc)
import Glibc
#endif

/// `switchboard serve`: the JSON-RPC daemon on stdin/stdout.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve JSON-RPC 2.0 on stdin/stdout (the default when stdin is not a terminal).",
        discussion: "Exit status: 0 at end of input, after shutdown, or after SIGTERM/SIGINT (work already read is finished and flushed first); 3 when stdout was closed by the client; 4 when reading stdin failed; 64 for bad options."
    )

    @OptionGroup var common: CommonOptions

    @Option(name: .customLong("record"), help: "Record the session as a transcript to this file (replay it with 'switchboard test FILE').")
    var recordPath: String?

    func run() throws {
        let logger = common.makeLogger()
        var options = StdioServer.Options()
        options.framing = common.framing
        options.maxMessageLength = common.maxLineBytes
        options.exitGracePeriod = common.exitGraceSeconds
        options.maxBufferedOutputBytes = common.maxOutputBuffer
        let configuration = common.sessionConfiguration()
        let registry = BuiltinCatalog.registry()
        logger.debug("serving \(registry.names.joined(separator: ", ")) with the \(common.clock.rawValue) clock")
        var session: Session?
        var recorder: TranscriptRecorder?
        if let recordPath {
            do {
                recorder = try TranscriptRecorder(
                    path: recordPath,
                    realClock: common.clock == .real,
                    daemonArguments: common.replayArguments,
                    pendingWork: { session?.pendingScheduledWork ?? 0 }
                )
            } catch {
                logger.error("\(error)")
                throw ExitCode(64)
            }
        }
        let server = StdioServer(options: options, virtualClock: common.clock == .virtual, observer: recorder) { clock, afterScheduledWork, sink in
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
        throw ExitCode(outcome.exitStatus)
    }
}
