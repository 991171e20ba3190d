// swift-tools-version:6.2
// Switchboard's benchmark suite: a separate package, so `swift test` of the main package stays
// fast and the main package never depends on OpenCombine. Run everything with `bash run.sh`
// from this folder (or `bash Benchmarks/run.sh` from the repository root); see README.md.
import PackageDescription

let package = Package(
    name: "SwitchboardBenchmarks",
    dependencies: [
        .package(name: "Switchboard", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        // One executable with several modes (time, count, memory, report): a plain harness is
        // easy to drive under valgrind, which counts instructions repeatably.
        .executableTarget(
            name: "SwitchboardBench",
            dependencies: [
                .product(name: "Signals", package: "Switchboard"),
                .product(name: "JSON", package: "Switchboard"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                "CMallocStats",
                "BenchText",
            ]
        ),
        // Number and text formatting shared by the two report renderers.
        .target(name: "BenchText"),
        // glibc's malloc statistics for the memory workloads (<malloc.h> is not in Glibc).
        .target(name: "CMallocStats"),
        // The daemon benchmarks' Foundation peer: a JSON-RPC loop on `JSONSerialization`, the
        // first thing a Swift developer would write (see run-daemon.sh).
        .executableTarget(name: "FoundationEcho"),
        // The start-up floor of any Swift process (no Foundation): answers each line with a
        // fixed response.
        .executableTarget(name: "SwiftStartupFloor"),
        // Renders the daemon section of BENCHMARKS.md from run-daemon.sh's figures: the
        // figures, criteria and verdicts in a library its tests reach, the file access in the
        // executable.
        .target(name: "DaemonFigures", dependencies: ["BenchText"]),
        .executableTarget(name: "DaemonReport", dependencies: ["DaemonFigures"]),
        .testTarget(name: "DaemonFiguresTests", dependencies: ["DaemonFigures", "BenchText"]),
    ]
)
