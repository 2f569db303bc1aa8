import Foundation
import Harness
import Testing

/// A run the harness could not carry out is its own outcome: never a pass, never the app's failure.
@Suite struct HarnessErrorTests {
    static let missing = URL(fileURLWithPath: "/nonexistent/harness")

    @Test func aScenarioNoWorkerCouldRunIsNotRun() {
        let report = ScenarioSuiteRunner(executable: Self.missing, plugins: Corpus.plugins, edition: "hardened")
            .run(file: Corpus.path("checklists/first-launch.scenario"))
        #expect(!report.passed)
        #expect(report.isHarnessError)
        #expect(report.summaryLine.hasPrefix("ERROR "))
        #expect(report.summaryLine.contains("could not start a worker from /nonexistent/harness"))
    }

    @Test func anExplorationNoWorkerCouldRunCountsNothingAsPassed() {
        let explorer = Explorer(executable: Self.missing, plugins: Corpus.plugins, edition: "hardened")
        let exploration = explorer.explore(file: Corpus.path("checklists/first-launch.scenario"))
        let report = ExploreReport(edition: "hardened", explorations: [exploration])
        #expect(report.harnessErrors == 1)
        #expect(report.outcomes["passed"] == 0)
        #expect(report.summary.contains("1 harnessError, the first at fault-free run"))
    }
}
