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
        .executable(name: "switchboard", targets: ["switchboard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries: one system-library target each, imported by exactly one Swift module.
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),

        // Wire layers.
        .target(name: "JSON", dependencies: ["CJansson"]),
        .target(name: "Framing"),

        // The reactive core: no JSON, no I/O.
        .target(name: "Signals"),
        .target(name: "SignalsTesting", dependencies: ["Signals"]),

        .executableTarget(
            name: "switchboard",
            dependencies: [
                "Signals",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "FramingTests", dependencies: ["Framing"]),
        .testTarget(name: "SignalsTests", dependencies: ["Signals", "SignalsTesting"]),
    ]
)
