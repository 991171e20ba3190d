// Serves the search box over JSON-RPC on stdin/stdout, like `switchboard serve` serves the
// built-in view models. Usage: search-box [--clock real|virtual]
import Daemon
import Host
import Search
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// Writes a line to stderr: stdout carries protocol lines only.
func warn(_ message: String) {
    try? FileDescriptor.standardError.writeAll(Array((message + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.isEmpty || arguments == ["--clock", "real"] || arguments == ["--clock", "virtual"] else {
    warn("usage: search-box [--clock real|virtual]")
    exit(64)
}

var registry = Registry()
registry.register(searchType)
let server = StdioServer(virtualClock: arguments.last == "virtual") { [registry] clock, afterScheduledWork, sink in
    Session(registry: registry, clock: clock, diagnose: { warn("search-box: \($0)") }, afterScheduledWork: afterScheduledWork, sink: sink)
}
let outcome = server.run()
if let diagnostic = outcome.diagnostic { warn(diagnostic) }
exit(outcome.exitStatus)
