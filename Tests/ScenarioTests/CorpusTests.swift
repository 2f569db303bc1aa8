import Foundation
import HarnessTesting
import Testing

/// Every scenario file is its own test case; a failing step is reported at its line.
@Suite struct CorpusTests {
    @Test("Scenario passes on the hardened edition", arguments: Corpus.files)
    func scenario(_ file: ScenarioFile) {
        Corpus.folder.check(file, edition: "hardened")
    }

    @Test func theCorpusIsLargeEnough() {
        #expect(Corpus.files.count >= 40)
        #expect(Corpus.reports.count >= 8)
    }

    @Test("A user-reported loss fails on the book edition and passes on the hardened one", arguments: Corpus.reports)
    func report(_ file: ScenarioFile) {
        let book = Corpus.folder.run(file, edition: "book")
        #expect(book.errors.isEmpty && !book.isHarnessError, "\(book.summaryLine)\n\(book.details ?? "")")
        #expect(!book.passed, "the book edition should lose the data this report describes")
        let hardened = Corpus.folder.run(file, edition: "hardened")
        #expect(hardened.passed, "\(hardened.details ?? "")")
    }
}
