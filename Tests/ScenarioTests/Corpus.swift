import ChecklistsPlugin
import Foundation
import HIITFitPlugin
import Harness
import HarnessTesting
import NamesToFacesPlugin

/// The scenario files under Scenarios/, run by the `harness` executable built next to this test bundle.
enum Corpus {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios")

    /// The `harness` executable: the shipped plug-ins, serving runs as `harness worker`.
    static let harness = BuildProducts.executable(named: "harness")

    /// Every edition of the shipped apps is held to `Scenarios/known-failures`.
    static let folder = ScenarioFolder(
        root, plugins: [.hiitfit, .checklists, .namesToFaces], worker: harness,
        knownFailures: root.appendingPathComponent("known-failures"))

    static let plugins = try! PluginRegistry([.hiitfit, .checklists, .namesToFaces])

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Each file names a test case by its path in Scenarios/, e.g. `hiitfit/first-launch.scenario`.
    static let files = folder.files

    /// Every edition of the shipped apps: each is held to the corpus and the known-failures record.
    static let editions = plugins.editionNames
}
