import Foundation
import HarnessTesting
import Testing

/// Every scenario file is its own test case on each edition; a failing step is reported at its line.
@Suite struct CorpusTests {
    @Test(
        "An edition passes every scenario but those Scenarios/known-failures lists, and fails those",
        arguments: Corpus.editions, Corpus.files)
    func scenario(_ edition: String, _ file: ScenarioFile) {
        guard let reason = Corpus.knownFailures.reason(edition, file.path) else {
            return Corpus.folder.check(file, edition: edition)
        }
        let report = Corpus.folder.run(file, edition: edition)
        #expect(report.errors.isEmpty && !report.isHarnessError, "\(report.summaryLine)\n\(report.details ?? "")")
        #expect(
            !report.passed, "known-failures lists '\(edition) \(file.path)' (\(reason)), but it passes: take it off")
    }

    @Test func theKnownFailuresRecordNamesRealScenariosAndEditions() {
        #expect(Corpus.knownFailures.problems == [])
        #expect(Corpus.knownFailures.entries.allSatisfy { !$0.reason.isEmpty })
    }

    /// The hardened edition is the reference correct app.
    @Test func theHardenedEditionIsKnownToFailNothing() {
        #expect(Corpus.knownFailures.entries.filter { $0.edition == "hardened" }.map(\.scenario) == [])
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
            """, scenarios: ["hiitfit/a.scenario"], editions: ["book", "hardened"])
        #expect(record.reason("book", "hiitfit/a.scenario") == "a reason")
        #expect(record.reason("hardened", "hiitfit/a.scenario") == nil)
        #expect(
            record.problems == [
                "known-failures:3: 'book hiitfit/a.scenario' is listed twice (first at line 2)",
                "known-failures:4: no edition named 'bok'",
                "known-failures:5: no scenario Scenarios/hiitfit/none.scenario",
                "known-failures:6: expected 'EDITION SCENARIO REASON'",
            ])
    }

    @Test func theCorpusIsLargeEnough() {
        #expect(Corpus.files.count >= 40)
        #expect(Corpus.files.filter { $0.path.hasPrefix("reports/") }.count >= 8)
    }
}
