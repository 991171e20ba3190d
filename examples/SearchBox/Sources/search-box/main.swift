// Serves the search box over JSON-RPC on stdin/stdout, like `switchboard serve` serves the
// built-in view models. Usage: search-box [--clock real|virtual]
import Host
import Search

#if canImport(Glibc)
import Glibc
#endif

/// Writes a line to stderr: stdout carries protocol lines only.
func warn(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
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
exit(server.run().exitStatus)
