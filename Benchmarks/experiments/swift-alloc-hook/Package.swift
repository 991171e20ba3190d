// swift-tools-version:5.9
import PackageDescription
let package = Package(name: "hookdemo", targets: [
    .target(name: "CHook"),
    .executableTarget(name: "hookdemo", dependencies: ["CHook"]),
])
