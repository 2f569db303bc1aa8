import ChecklistsPlugin
import Foundation
import HIITFitText
import Harness
import HarnessTesting
import NamesToFacesPlugin
import Testing

/// My HIITFit, its history a text file, held to every HIITFit scenario of the shipped corpus (the users'
/// reports too) and to its own scenarios, each folder with its known-failures record: what a record lists
/// must fail, every other scenario must pass.
enum TextPort {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let corpusRoot = here.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios")
    /// The other apps too, so that their scenarios parse and `files(ofApps:)` leaves them out.
    static let plugins: [AppPlugin] = [.hiitfitWithText, .checklists, .namesToFaces]
    /// My command line, which is also the worker that survives the app's traps.
    static let cli = BuildProducts.executable(named: "HIITFitTextCLI")

    static let corpus = ScenarioFolder(
        corpusRoot, plugins: plugins, worker: cli, knownFailures: here.appendingPathComponent("known-failures"))
    static let own = ScenarioFolder(
        here.appendingPathComponent("Scenarios"), plugins: plugins, worker: cli,
        knownFailures: here.appendingPathComponent("Scenarios/known-failures"))
}

@Suite struct TextPortCorpusTests {
    @Test("The shipped HIITFit scenarios on the text edition", arguments: TextPort.corpus.files(ofApps: ["hiitfit"]))
    func corpus(_ file: ScenarioFile) { TextPort.corpus.check(file, edition: "text") }
}
