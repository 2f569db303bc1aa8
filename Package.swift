// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PersistenceHarness",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "harness", targets: ["HarnessCLI"]),
        // The seams and the simulated world, for the app code under test.
        .library(name: "Sandbox", targets: ["Sandbox"]),
        // The engine and the plug-in API, for a harness of your own apps.
        .library(name: "Harness", targets: ["Harness"]),
        // A folder of scenario files as Swift Testing cases, for your own test target.
        .library(name: "HarnessTesting", targets: ["HarnessTesting"]),
        // The shipped apps' plug-ins, for a new edition of one of them: your own copy of its code.
        .library(name: "HIITFitPlugin", targets: ["HIITFitPlugin"]),
        .library(name: "ChecklistsPlugin", targets: ["ChecklistsPlugin"]),
        .library(name: "NamesToFacesPlugin", targets: ["NamesToFacesPlugin"]),
        // The shipped apps' code (the book's and the hardened editions), for a port that runs one for a variant
        // it does not port, or registers the shipped editions beside its own.
        .library(name: "HIITFit", targets: ["HIITFit"]),
        .library(name: "Checklists", targets: ["Checklists"]),
        .library(name: "NamesToFaces", targets: ["NamesToFaces"]),
    ],
    targets: [
        // The seams and the simulated world; knows no app.
        .target(name: "Sandbox"),
        // The apps' persistence code, on the seams only.
        .target(name: "HIITFit", dependencies: ["Sandbox"]),
        .target(name: "Checklists", dependencies: ["Sandbox"]),
        .target(name: "NamesToFaces", dependencies: ["Sandbox"]),
        // Scenario language, runner, oracles, explorer, reports, CLI, and the plug-in API; knows no app.
        .target(name: "Harness", dependencies: ["Sandbox"]),
        // Each app as a plug-in: its stores, actions, observations, checks and editions.
        .target(
            name: "HIITFitPlugin", dependencies: ["Harness", "HIITFit", "Sandbox"],
            path: "Sources/Plugins/HIITFitPlugin"),
        .target(
            name: "ChecklistsPlugin", dependencies: ["Harness", "Checklists", "Sandbox"],
            path: "Sources/Plugins/ChecklistsPlugin"),
        .target(
            name: "NamesToFacesPlugin", dependencies: ["Harness", "NamesToFaces", "Sandbox"],
            path: "Sources/Plugins/NamesToFacesPlugin"),
        // Swift Testing helpers: one test case per scenario file, failures at the scenario's line.
        .target(name: "HarnessTesting", dependencies: ["Harness"]),
        // `harness bench`: what the harness costs, measured on scenarios of the shipped apps (by name: their
        // plug-ins are the executable's, which serves as the bench's workers).
        .target(name: "HarnessBench", dependencies: ["Harness", "Sandbox"]),
        // `swift run harness ...`: the engine with the three shipped plug-ins, and the bench.
        .executableTarget(
            name: "HarnessCLI",
            dependencies: ["Harness", "HarnessBench", "HIITFitPlugin", "ChecklistsPlugin", "NamesToFacesPlugin"]),

        .testTarget(name: "SandboxTests", dependencies: ["Sandbox", "FidelityProbe"]),
        // File calls on the real disk as an unprivileged user or on a full tmpfs, for SandboxTests.
        .executableTarget(name: "FidelityProbe", dependencies: ["Sandbox"], path: "Tests/FidelityProbe"),
        .testTarget(name: "HIITFitTests", dependencies: ["HIITFit", "Sandbox", "Harness", "HIITFitPlugin"]),
        .testTarget(name: "ChecklistsTests", dependencies: ["Checklists", "Sandbox", "Harness", "ChecklistsPlugin"]),
        .testTarget(
            name: "NamesToFacesTests", dependencies: ["NamesToFaces", "Sandbox", "Harness", "NamesToFacesPlugin"]),
        .testTarget(
            name: "HarnessTests",
            dependencies: ["Harness", "Sandbox", "HIITFitPlugin", "ChecklistsPlugin", "NamesToFacesPlugin"]),
        .testTarget(name: "HarnessBenchTests", dependencies: ["HarnessBench"]),
        // Runs every file under Scenarios/ as its own test case, in `harness worker` processes.
        // A user of the harness, on the public products only: their app, its plug-in, their command
        // line (which is also its own worker), and their tests of it.
        .target(name: "Habits", dependencies: ["Sandbox"], path: "Tests/UserPlugin/Habits"),
        .target(
            name: "HabitsPlugin", dependencies: ["Habits", "Harness", "Sandbox"],
            path: "Tests/UserPlugin/HabitsPlugin"),
        .executableTarget(
            name: "HabitsCLI", dependencies: ["Harness", "HabitsPlugin"],
            path: "Tests/UserPlugin/HabitsCLI"),
        .testTarget(
            name: "UserPluginTests", dependencies: ["HabitsPlugin", "Harness", "HarnessTesting", "HabitsCLI"],
            exclude: ["Scenarios"]),
        // Checklists with an edition of a user's that saves only on backgrounding, and its command line
        // (its own worker), for the explorer's lifecycle schedules.
        .executableTarget(
            name: "BackgroundSaveCLI", dependencies: ["Harness", "ChecklistsPlugin", "Checklists", "Sandbox"],
            path: "Tests/BackgroundSave"),
        .testTarget(name: "LifecycleTests", dependencies: ["Harness", "HarnessTesting", "BackgroundSaveCLI"]),
        // My HIITFit, its history kept as a text file: the port and its edition `text`, its command line (its
        // own worker), and its tests (the corpus held to its known-failures record, and its own scenarios).
        .target(
            name: "HIITFitText", dependencies: ["Sandbox", "Harness", "HIITFitPlugin"], path: "Tests/HIITFitText/Port"),
        .executableTarget(
            name: "HIITFitTextCLI", dependencies: ["HIITFitText", "Harness", "ChecklistsPlugin", "NamesToFacesPlugin"],
            path: "Tests/HIITFitText/CLI"),
        .testTarget(
            name: "HIITFitTextTests",
            dependencies: [
                "HIITFitText", "HIITFitTextCLI", "Harness", "HarnessTesting", "HIITFitPlugin", "ChecklistsPlugin",
                "NamesToFacesPlugin", "Sandbox",
            ],
            exclude: ["Scenarios", "known-failures"]),
        // A reader's Names to Faces that keeps one JSON file per person (Documents/people/<id>.json),
        // registered as the edition `people-files`, its command line, and its tests.
        .target(name: "PeopleFiles", dependencies: ["Sandbox"], path: "Tests/PeopleFiles/PeopleFiles"),
        .target(
            name: "PeopleFilesEdition", dependencies: ["PeopleFiles", "Harness", "NamesToFacesPlugin", "Sandbox"],
            path: "Tests/PeopleFiles/PeopleFilesEdition"),
        .executableTarget(
            name: "PeopleFilesCLI",
            dependencies: ["PeopleFilesEdition", "Harness", "HIITFitPlugin", "ChecklistsPlugin"],
            path: "Tests/PeopleFiles/PeopleFilesCLI"),
        .testTarget(
            name: "PeopleFilesTests",
            dependencies: [
                "PeopleFilesEdition", "PeopleFilesCLI", "Harness", "HarnessTesting", "HIITFitPlugin",
                "ChecklistsPlugin",
            ],
            exclude: ["Scenarios", "known-failures", "own-known-failures"]),
        // The shipped plug-ins with one more Names to Faces edition that sets process-wide state as it launches:
        // the other editions' reports must not change.
        .executableTarget(
            name: "ClassMappingCLI",
            dependencies: ["Harness", "HIITFitPlugin", "ChecklistsPlugin", "NamesToFacesPlugin", "NamesToFaces"],
            path: "Tests/ClassMappingCLI"),
        .testTarget(
            name: "ScenarioTests",
            dependencies: [
                "Harness", "HarnessTesting", "HarnessCLI", "ClassMappingCLI", "HIITFitPlugin", "ChecklistsPlugin",
                "NamesToFacesPlugin", "Sandbox", "HIITFit", "Checklists",
            ],
            // The JSON port's known-failures record, read by its tests.
            exclude: ["JSONStores/known-failures"]),
    ],
    swiftLanguageModes: [.v6]
)
