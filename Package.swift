// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PersistenceHarness",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Sandbox", targets: ["Sandbox"]),
    ],
    targets: [
        .target(name: "Sandbox"),
        .testTarget(name: "SandboxTests", dependencies: ["Sandbox"]),
    ],
    swiftLanguageModes: [.v6]
)
