// swift-tools-version:6.2
// The session fuzzer: libFuzzer over the daemon's whole path from raw bytes to responses.
//
// A package of its own, depending on the main package by path, so the main build never sees
// the sanitizer flags. Build and run it with ../scripts/fuzz.sh (it passes
// `-sanitize=fuzzer,address`, which also instruments the main package's modules for coverage).
import PackageDescription

let package = Package(
    name: "SwitchboardFuzz",
    dependencies: [
        .package(name: "Switchboard", path: ".."),
    ],
    targets: [
        // libFuzzer's driver entry point; the library itself is linked by `-sanitize=fuzzer`.
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(
            name: "SessionFuzzer",
            dependencies: [
                "CLibFuzzer",
                .product(name: "Framing", package: "Switchboard"),
                .product(name: "RPC", package: "Switchboard"),
                .product(name: "Host", package: "Switchboard"),
                .product(name: "Catalog", package: "Switchboard"),
                .product(name: "JSON", package: "Switchboard"),
                .product(name: "Signals", package: "Switchboard"),
            ]
        ),
    ]
)
