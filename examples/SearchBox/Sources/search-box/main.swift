// search-box: the search box served with Switchboard's whole command line: `serve` (the
// default on a pipe), `mcp`, `repl` (the default at a terminal), `test` for transcripts.
import Search
import Switchboard

var registry = Registry()
registry.register(searchType)

Switchboard.main(Application(
    identity: ServerIdentity(name: "search-box", title: "Search box", version: "1.0.0"),
    registry: registry,
    abstract: "A search box over a fruit list, served over JSON-RPC, MCP or a REPL."
))
