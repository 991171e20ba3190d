// swift-tools-version:6.2
// Switchboard: Kickstarter-style view models on a reactive core, served over JSON-RPC.
//
// Layers, each depending only on layers above it in this list:
//   CMalloc → SystemIO  every system call (read, write, poll, open, fcntl, signals), EINTR
//                       once; CMalloc is glibc's malloc_trim, which Glibc does not import
//   CJansson → JSON     JSON values, parsed by jansson
//   Framing             bytes ⇄ frames (newline or Content-Length), on SystemIO
//   RPC                 JSON-RPC 2.0 messages and rules (parse, errors, wire encoding)
//   CSQLite → SQLite    the system libsqlite3, wrapped once (opened on first use through
//                       CLibraryLoader, as CEditLine opens libedit for the REPL)
//   Signals             the reactive core; ViewModels on it (friends stored through SQLite)
//   Host                the session: registry, instances, dispatch, describe; no I/O (SystemIO
//                       for its lock only)
//   Daemon              the stdio transport: threads, signals, limits, logs, exit statuses
//   MCPServer           the session as a Model Context Protocol server (a face the Daemon serves)
//   Catalog, Transcripts, REPL
//   switchboard         the thin executable
import PackageDescription

let package = Package(
    name: "Switchboard",
    products: [
        // What a user of the package builds on: the reactive core and its test observer, and
        // the host (declaring view models, and serving them with the whole command line,
        // `Switchboard.main`). The built-in catalog is there for the demo. Every other module
        // is an implementation module.
        .library(name: "Signals", targets: ["Signals"]),
        .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
        .library(name: "Switchboard", targets: ["Switchboard"]),
        .library(name: "Catalog", targets: ["Catalog"]),
        .executable(name: "switchboard", targets: ["SwitchboardExecutable"]),
    ] + internalProducts,
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
    ],
    targets: [
        // C libraries: one wrapper target each, imported by exactly one Swift module.
        // jansson (Debian's libjansson-dev): its header, and arenas for its parse trees
        // (Sources/CJansson/cjansson.c).
        .target(name: "CJansson", linkerSettings: [.linkedLibrary("jansson")]),

        // libsqlite3 (Debian's libsqlite3-dev for the header), loaded with dlopen on first use:
        // see Sources/CSQLite/include/csqlite.h.
        .target(name: "CSQLite", dependencies: ["CLibraryLoader"]),

        // dlopen on first use, for the C wrappers of libraries only some commands need.
        .target(name: "CLibraryLoader", linkerSettings: [.linkedLibrary("dl")]),

        // libedit (Debian's libedit-dev for the header), loaded with dlopen when the REPL first
        // edits a line: see Sources/CEditLine/include/ceditline.h.
        .target(name: "CEditLine", dependencies: ["CLibraryLoader"]),

        // The one layer over the operating system's I/O and signal calls (and glibc's heap
        // control, which Swift's Glibc module does not import).
        .target(name: "CMalloc"),
        .target(name: "SystemIO", dependencies: ["CMalloc"]),

        // Wire layers.
        .target(name: "JSON", dependencies: ["CJansson"]),
        .target(name: "Framing", dependencies: ["SystemIO"]),
        // JSON-RPC 2.0: message types, parsing rules, error codes, wire encoding.
        .target(name: "RPC", dependencies: ["JSON"]),

        // SQLite wrapped once: connections, prepared statements, typed errors.
        .target(name: "SQLite", dependencies: ["CSQLite"]),

        // libpq (Debian's libpq-dev for the header), loaded with dlopen on first use: see
        // Sources/CPostgres/include/cpostgres.h.
        .target(name: "CPostgres", dependencies: ["CLibraryLoader"]),
        // PostgreSQL wrapped once: a connection, parameterized statements, typed errors.
        .target(name: "Postgres", dependencies: ["CPostgres"]),

        // The reactive core: no JSON, no I/O. Every declaration is `@inlinable` or
        // `@usableFromInline`, so a plain `swift build -c release` of any package that uses it
        // specializes its generic operators as a cross-module-optimized build does (without
        // that, an event cost 48× the instructions: generic metadata looked up at run time on
        // every hop). `scripts/check-inlinable.py` keeps it that way; BENCHMARKS.md measures it.
        .target(name: "Signals"),
        .target(name: "SignalsTesting", dependencies: ["Signals", "SystemIO"]),

        // The view models of the source documents, their services and environment.
        .target(name: "ViewModels", dependencies: ["Signals", "JSON", "SystemIO", "SQLite", "Postgres"]),

        // The session: view-model registry, instances, dispatch, describe, its executor. No I/O.
        .target(name: "Host", dependencies: ["JSON", "RPC", "Signals", "SystemIO"]),
        // The daemon: the session served over stdin/stdout (threads, signals, limits, logs).
        .target(name: "Daemon", dependencies: ["Host", "RPC", "JSON", "Framing", "SystemIO", "Signals"]),
        // The MCP face: tools from the description, instances as resources. No I/O of its own.
        // (Not called `MCP`: the official MCP Swift SDK's module has that name, and a package
        // graph holding both, like Benchmarks/, needs distinct target names.)
        .target(name: "MCPServer", dependencies: ["Host", "RPC", "JSON", "Signals"]),
        // The REPL: a human face on the same session (libedit line editing, completion, colour).
        .target(name: "REPL", dependencies: ["Host", "RPC", "JSON", "Signals", "Framing", "SystemIO", "Transcripts", "CEditLine"]),
        // Transcripts: record sessions, replay them against fresh daemons as exhaustive tests.
        .target(name: "Transcripts", dependencies: ["JSON", "RPC", "Host", "Daemon", "Framing", "SystemIO"]),
        // The built-in view models declared to the host, with their create options.
        .target(name: "Catalog", dependencies: ["Host", "RPC", "ViewModels", "JSON", "Signals"]),

        // The command line, as a library: `Switchboard.main` serves any registry with
        // `serve`, `mcp`, `repl` and `test` (Host re-exported: the declaration types).
        .target(
            name: "Switchboard",
            dependencies: [
                "Host", "Daemon", "MCPServer", "RPC", "REPL", "Transcripts", "Framing", "SystemIO", "JSON", "Signals",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `switchboard`: the command line on the built-in catalog.
        .executableTarget(
            name: "SwitchboardExecutable",
            dependencies: [
                "Switchboard", "Catalog", "ViewModels", "SystemIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/SwitchboardExecutable"
        ),

        .testTarget(name: "JSONTests", dependencies: ["JSON", "CJansson"]),
        .testTarget(name: "SystemIOTests", dependencies: ["SystemIO"]),
        .testTarget(name: "FramingTests", dependencies: ["Framing", "SystemIO"]),
        .testTarget(name: "RPCTests", dependencies: ["RPC", "JSON"]),
        .testTarget(name: "SignalsTests", dependencies: ["Signals", "SignalsTesting", "SystemIO"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"]),
        .testTarget(name: "ViewModelsTests", dependencies: ["ViewModels", "Signals", "SignalsTesting", "JSON", "SQLite", "SystemIO"]),
        .testTarget(name: "REPLTests", dependencies: ["REPL", "Host", "RPC", "Catalog", "JSON", "Signals"]),
        .testTarget(name: "TranscriptsTests", dependencies: ["Transcripts", "JSON"]),
        .testTarget(
            name: "HostTests",
            dependencies: ["Host", "RPC", "Catalog", "JSON", "Signals", "SignalsTesting", "SystemIO"],
            // Read by path (DescriptionWireTests), not bundled.
            exclude: ["Golden"]
        ),
        .testTarget(name: "MCPServerTests", dependencies: ["MCPServer", "Host", "RPC", "Catalog", "JSON", "Signals"]),
        .testTarget(name: "DaemonTests", dependencies: ["Daemon", "Host", "RPC", "Catalog", "Framing", "SystemIO", "JSON", "Signals"]),
        .testTarget(
            name: "SwitchboardTests",
            dependencies: ["Switchboard", "Catalog", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
    ]
)

// The benchmarks and the fuzzer are packages of their own (so this build never sees their
// dependencies or sanitizer flags); they reach implementation modules through these
// products, declared only when SWITCHBOARD_INTERNAL_PRODUCTS is set in their build's
// environment (Benchmarks/run.sh and scripts/fuzz.sh set it). Not an API.
var internalProducts: [Product] {
    guard Context.environment["SWITCHBOARD_INTERNAL_PRODUCTS"] != nil else { return [] }
    return ["JSON", "Framing", "RPC", "Host"].map { .library(name: $0, targets: [$0]) }
}
