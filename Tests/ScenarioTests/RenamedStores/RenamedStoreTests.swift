import Foundation
import Harness
import HarnessTesting
import Testing

/// A port that keeps its data under another file name or key gets every fixture, fault and check a
/// scenario addresses to the store, and passes and fails as the code it ports does.
@Suite struct RenamedStoreTests {
    /// The ports run in this process: they are the hardened code, which does not trap.
    static let ports = ScenarioFolder(Corpus.root, plugins: RenamedStores.plugins)
    static let undeclared = ScenarioFolder(Corpus.root, plugins: RenamedStores.undeclared)
    static let storeScenarios = Corpus.files.filter { $0.path.hasSuffix("/store-faults-follow-the-store.scenario") }

    @Test("A port with its store renamed passes every scenario", arguments: Corpus.files)
    func renamedStore(_ file: ScenarioFile) {
        Self.ports.check(file, edition: "renamed")
    }

    @Test("Declared under the app's own name, a renamed store escapes the faults", arguments: storeScenarios)
    func undeclaredStore(_ file: ScenarioFile) {
        let report = Self.undeclared.run(file, edition: "renamed")
        #expect(report.errors.isEmpty && !report.isHarnessError, "\(report.summaryLine)")
        #expect(!report.passed, "the faults reached a store declared at another name")
    }

    /// The port really keeps its data under the other names, and `@` follows them.
    @Test func thePortsKeepTheirDataUnderTheOtherNames() throws {
        let plugins = try PluginRegistry(RenamedStores.plugins)
        let scenarios = [
            "app hiitfit\nlaunch\ndone Squat\nexpect file Documents/History.plist exists\n"
                + "expect file Documents/history.plist absent\nexpect file @history exists\n",
            "app checklists\nlaunch\nitem add Milk\nexpect file Documents/Items.plist exists\n"
                + "expect files Documents/Checklists.plist 0\nexpect files @items 1\n",
            "app namestofaces\nlaunch\nperson add Alice\n! expect persisted Contacts absent\n"
                + "expect persisted people absent\n! expect persisted @people absent\n",
        ]
        for text in scenarios {
            let scenario = try ScenarioParser.parse(text, file: "port.scenario", plugins: plugins)
            let result = ScenarioRunner(edition: "renamed").run(scenario)
            #expect(result.passed, "\(text): \(result.failure.map { "\($0.expected) / \($0.found)" } ?? "")")
        }
    }

    @Test func everyAppHasARenamedStoreScenario() {
        #expect(
            Self.storeScenarios.map { $0.path.split(separator: "/")[0] }.sorted()
                == ["checklists", "hiitfit", "namestofaces"])
    }
}
