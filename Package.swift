// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PersistenceHarness",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "harness", targets: ["HarnessCLI"]),
        .library(name: "Sandbox", targets: ["Sandbox"]),
    ],
    targets: [
        // The seams and the simulated world; knows no app.
        .target(name: "Sandbox"),
        // The apps' persistence code, on the seams only.
        .target(name: "HIITFit", dependencies: ["Sandbox"]),
        .target(name: "Checklists", dependencies: ["Sandbox"]),
        .target(name: "NamesToFaces", dependencies: ["Sandbox"]),
        // Scenario language, runner, drivers, oracles, explorer, reports.
        .target(name: "Harness", dependencies: ["Sandbox", "HIITFit", "Checklists", "NamesToFaces"]),
        // `swift run harness ...`
        .executableTarget(name: "HarnessCLI", dependencies: ["Harness"]),

        .testTarget(name: "SandboxTests", dependencies: ["Sandbox", "FidelityProbe"]),
        // File calls on the real disk as an unprivileged user or on a full tmpfs, for SandboxTests.
        .executableTarget(name: "FidelityProbe", dependencies: ["Sandbox"], path: "Tests/FidelityProbe"),
        .testTarget(name: "HIITFitTests", dependencies: ["HIITFit", "Sandbox"]),
        .testTarget(name: "ChecklistsTests", dependencies: ["Checklists", "Sandbox"]),
        .testTarget(name: "NamesToFacesTests", dependencies: ["NamesToFaces", "Sandbox"]),
        .testTarget(name: "HarnessTests", dependencies: ["Harness", "Sandbox"]),
        // Runs every file under Scenarios/ as its own test case, in `harness worker` processes.
        .testTarget(name: "ScenarioTests", dependencies: ["Harness", "Sandbox", "HarnessCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
