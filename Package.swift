// swift-tools-version:6.1
// Switchboard: Kickstarter-style view models on a reactive core, served over JSON-RPC.
//
// Layers (dependencies point one way, see ../shared/STYLE.md):
//   CJansson → JSON ─┐
//   Framing ─────────┼→ Host → Catalog → switchboard (thin executable)
//   Signals → ViewModels ┘
import PackageDescription

let package = Package(
    name: "Switchboard",
    products: [
        .library(name: "Signals", targets: ["Signals"]),
        .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "Framing", targets: ["Framing"]),
        .library(name: "Host", targets: ["Host"]),
        .library(name: "ViewModels", targets: ["ViewModels"]),
        .library(name: "Catalog", targets: ["Catalog"]),
        .executable(name: "switchboard", targets: ["switchboard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // C libraries: one system-library target each, imported by exactly one Swift module.
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),

        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),

        // Wire layers.
        .target(name: "JSON", dependencies: ["CJansson"]),
        .target(name: "Framing"),

        // The reactive core: no JSON, no I/O.
        .target(name: "Signals"),
        .target(name: "SignalsTesting", dependencies: ["Signals"]),

        // The view models of the source documents, their services and environment.
        .target(name: "ViewModels", dependencies: ["Signals", "JSON"]),

        // The host: view-model registry, JSON-RPC dispatch, sessions, the stdio server.
        .target(name: "Host", dependencies: ["JSON", "Signals", "Framing"]),
        // The REPL: a human face on the same session (libedit line editing, completion, colour).
        .target(name: "REPL", dependencies: ["Host", "JSON", "Signals", "Transcripts", "CEditLine"]),
        // Transcripts: record sessions, replay them against fresh daemons as exhaustive tests.
        .target(name: "Transcripts", dependencies: ["JSON", "Host"]),
        // The built-in view models declared to the host, with their create options.
        .target(name: "Catalog", dependencies: ["Host", "ViewModels", "JSON", "Signals"]),

        .executableTarget(
            name: "switchboard",
            dependencies: [
                "Host", "Catalog", "REPL", "Transcripts", "Framing", "JSON", "Signals",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "FramingTests", dependencies: ["Framing"]),
        .testTarget(name: "SignalsTests", dependencies: ["Signals", "SignalsTesting"]),
        .testTarget(name: "ViewModelsTests", dependencies: ["ViewModels", "Signals", "SignalsTesting", "JSON"]),
        .testTarget(name: "REPLTests", dependencies: ["REPL", "Host", "Catalog", "JSON", "Signals"]),
        .testTarget(name: "TranscriptsTests", dependencies: ["Transcripts", "JSON"]),
        .testTarget(name: "HostTests", dependencies: ["Host", "Catalog", "JSON", "Signals", "SignalsTesting"]),
    ]
)
