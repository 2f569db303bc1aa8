import Checklists
import Foundation
import HIITFit
import Harness
import HarnessTesting
import Sandbox
import Testing

/// A port whose storage format changed (JSON where the book writes property lists) passes every scenario of
/// its apps but those about the book's stored format, which its own record lists.
@Suite struct JSONStoreTests {
    /// The port runs in this process: it is the hardened code, which does not trap.
    static let port = ScenarioFolder(Corpus.root, plugins: JSONStores.corpusPlugins, knownFailures: record)
    static let record = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("known-failures")

    /// The corpus files of the port's apps (and the record, when it has problems).
    static let files = port.files(ofApps: JSONStores.apps)

    /// A port of some apps picks their scenarios; one that does not parse stays, to fail rather than go unchecked.
    @Test func aPortsCasesAreItsAppsScenariosAndAnyThatDoNotParse() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = [
            "a.scenario": "app hiitfit\nlaunch\n", "b.scenario": "app namestofaces\nlaunch\n",
            "c.scenario": "app hiitfit\nlaunhc\n", "d.scenario": "app checklists\nlaunch\n",
        ]
        for (name, text) in scenarios {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let picked = ScenarioFolder(folder, plugins: JSONStores.corpusPlugins).files(ofApps: JSONStores.apps)
        #expect(picked.map(\.path) == ["a.scenario", "c.scenario", "d.scenario"])
    }

    @Test("A port that stores JSON passes every scenario of its apps but those its record lists", arguments: files)
    func jsonStore(_ file: ScenarioFile) {
        Self.port.check(file, edition: "json")
    }

    /// The port's files really hold JSON, and the shipped hardened edition cannot read them.
    @Test func thePortsFilesHoldJSON() throws {
        let world = SimulatedWorld()
        HardenedHIITFitApp(env: world.launch(), coding: .json).finishExercise("Squat")
        let days = try JSONSerialization.jsonObject(with: #require(world.fileData("Documents/history.plist")))
        #expect((days as? [[String: Any]])?.map { $0["exercises"] as? [String] } == [["Squat"]])
        #expect(HardenedHIITFitApp(env: world.launch(), coding: .json).alert == nil)
        #expect(HardenedHIITFitApp(env: world.launch()).alert != nil)

        let screen = HardenedChecklistViewController(env: world.launch(), coder: JSONChecklistCoder())
        screen.viewDidLoad()
        screen.addItem(text: "Milk")
        let items = try JSONSerialization.jsonObject(with: #require(world.fileData("Documents/Checklists.plist")))
        #expect((items as? [[String: Any]])?.map { $0["text"] as? String } == ["Milk"])
        let lists = HardenedDataModel(env: world.launch(), coder: JSONChecklistCoder())
        #expect(lists.lists.map(\.name) == ["List"])
        #expect(lists.lists.first?.items.map(\.text) == ["Milk"])
        #expect(HardenedDataModel(env: world.launch()).alert != nil)
    }
}
