import ArgumentParser
import Catalog
import Framing
import Host
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// `switchboard serve`: the JSON-RPC daemon on stdin/stdout.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve JSON-RPC 2.0 on stdin/stdout (the default when stdin is not a terminal).",
        discussion: "Exit status: 0 at end of input or after shutdown, 3 when stdout was closed by the client, 4 when reading stdin failed, 64 for bad options."
    )

    @OptionGroup var common: CommonOptions

    func run() throws {
        let logger = common.makeLogger()
        var options = StdioServer.Options()
        options.framing = common.framing
        options.maxMessageLength = common.maxLineBytes
        options.exitGracePeriod = common.exitGraceSeconds
        let configuration = common.sessionConfiguration()
        let registry = BuiltinCatalog.registry()
        logger.debug("serving \(registry.names.joined(separator: ", ")) with the \(common.clock.rawValue) clock")
        let server = StdioServer(options: options, virtualClock: common.clock == .virtual) { clock, afterScheduledWork, sink in
            Session(
                registry: registry,
                configuration: configuration,
                clock: clock,
                diagnose: { logger.warning("\($0)") },
                afterScheduledWork: afterScheduledWork,
                sink: sink
            )
        }
        let outcome = server.run()
        if outcome != .finished { logger.notice("stopping: \(outcome)") }
        throw ExitCode(outcome.exitStatus)
    }
}
