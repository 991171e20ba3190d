// swift-tools-version:6.1
// SearchBox: a view model of your own, served over JSON-RPC with Switchboard's host library.
//
//   Search (the view model and its declaration to the host) → search-box (thin executable)
//
// It depends on the Switchboard package by path, as an app in its own repository would depend
// on it by URL.
import PackageDescription

let package = Package(
    name: "SearchBox",
    dependencies: [
        .package(name: "Switchboard", path: "../.."),
    ],
    targets: [
        .target(
            name: "Search",
            dependencies: [
                .product(name: "Host", package: "Switchboard"),
                .product(name: "Signals", package: "Switchboard"),
            ]
        ),
        .executableTarget(
            name: "search-box",
            dependencies: [
                "Search",
                .product(name: "Host", package: "Switchboard"),
                .product(name: "Daemon", package: "Switchboard"),
                .product(name: "SystemIO", package: "Switchboard"),
            ]
        ),
    ]
)
