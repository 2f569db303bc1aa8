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
    static let port = ScenarioFolder(Corpus.root, plugins: JSONStores.plugins, knownFailures: record)
    static let record = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("known-failures")

    /// The corpus files of the port's apps (and the record, when it has problems).
    static let files = port.files.filter { file in
        guard file.path.hasSuffix(".scenario") else { return true }
        return JSONStores.apps.contains(app(of: file) ?? "")
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

    /// The word after `app` on the file's first step.
    static func app(of file: ScenarioFile) -> String? {
        guard let text = try? String(contentsOf: file.url, encoding: .utf8) else { return nil }
        let step = text.split(separator: "\n").first { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
        let words = step?.split(separator: " ") ?? []
        return words.first == "app" && words.count > 1 ? String(words[1]) : nil
    }
}
