import Foundation
import Harness
import HarnessTesting
import Testing

/// Every scenario file is its own test case on each edition; a failing step is reported at its line.
@Suite struct CorpusTests {
    @Test(
        "An edition passes every scenario but those Scenarios/known-failures lists, and fails those",
        arguments: Corpus.editions, Corpus.files)
    func scenario(_ edition: String, _ file: ScenarioFile) {
        Corpus.folder.check(file, edition: edition)
    }

    @Test func theKnownFailuresRecordNamesRealScenariosAndEditions() throws {
        let record = try #require(Corpus.folder.knownFailures)
        #expect(record.problems == [])
        #expect(!record.entries.isEmpty)
        #expect(record.entries.allSatisfy { !$0.reason.isEmpty })
    }

    /// The hardened edition is the reference correct app.
    @Test func theHardenedEditionIsKnownToFailNothing() {
        #expect(Corpus.folder.knownFailures?.entries.filter { $0.edition == "hardened" }.map(\.scenario) == [])
    }

    @Test func theRecordIsCheckedBothWays() {
        let record = KnownFailures(
            """
            # a comment
            book hiitfit/a.scenario a reason
            book hiitfit/a.scenario again
            bok hiitfit/a.scenario a reason
            book hiitfit/none.scenario a reason
            book hiitfit/a.scenario
              hardened\thiitfit/a.scenario   another reason\u{20}
            """, file: "Scenarios/known-failures", scenarios: ["hiitfit/a.scenario"], editions: ["book", "hardened"])
        #expect(record.entry(edition: "book", file: "hiitfit/a.scenario")?.reason == "a reason")
        #expect(record.entry(edition: "hardened", file: "hiitfit/a.scenario")?.reason == "another reason")
        #expect(record.entry(edition: "hardened", file: "hiitfit/none.scenario") == nil)
        #expect(
            record.problems.map(\.description) == [
                "Scenarios/known-failures:3:1: 'book hiitfit/a.scenario' is listed twice (first at line 2)",
                "Scenarios/known-failures:4:1: no edition named 'bok'",
                "Scenarios/known-failures:5:6: no scenario 'hiitfit/none.scenario' among the scenarios run",
                "Scenarios/known-failures:6:1: expected 'EDITION SCENARIO REASON'",
            ])
    }

    @Test func theCorpusIsLargeEnough() {
        #expect(Corpus.files.count >= 40)
        #expect(Corpus.files.filter { $0.path.hasPrefix("reports/") }.count >= 8)
    }
}
