// swift-tools-version:6.1
// SearchBox: a view model of your own, served with Switchboard's whole command line.
//
//   Search (the view model and its declaration to the host) → search-box (its executable)
//
// It depends on the Switchboard package by path, so it builds against the repository it sits
// in; an app in its own repository depends on it by URL and version instead:
//     .package(url: "https://github.com/OWNER/switchboard.git", from: "0.1.0")
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
                .product(name: "Switchboard", package: "Switchboard"),
                .product(name: "Signals", package: "Switchboard"),
            ]
        ),
        .executableTarget(
            name: "search-box",
            dependencies: [
                "Search",
                .product(name: "Switchboard", package: "Switchboard"),
            ]
        ),
    ]
)
