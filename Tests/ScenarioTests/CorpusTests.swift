import Foundation
import Harness
import Testing

/// Every scenario file is its own test case; a failing step is reported at its line.
@Suite struct CorpusTests {
    @Test("Scenario passes on the hardened edition", arguments: Corpus.files)
    func scenario(_ file: String) {
        let report = Corpus.run(file, edition: "hardened")
        guard !report.passed else { return }
        let location = report.errors.first?.location ?? report.result?.failure?.location
        let comment = Comment(rawValue: report.summaryLine + "\n" + (report.details ?? ""))
        Issue.record(comment, sourceLocation: SourceLocation(
            fileID: "Scenarios/\(file)", filePath: Corpus.path(file),
            line: max(location?.line ?? 1, 1), column: max(location?.column ?? 1, 1)))
    }

    @Test func theCorpusIsLargeEnough() {
        #expect(Corpus.files.count >= 40)
        #expect(Corpus.reports.count >= 8)
    }

    @Test("A user-reported loss fails on the book edition and passes on the hardened one", arguments: Corpus.reports)
    func report(_ file: String) {
        let book = Corpus.run(file, edition: "book")
        #expect(book.errors.isEmpty && book.problem == nil, "\(book.details ?? "")")
        #expect(!book.passed, "the book edition should lose the data this report describes")
        let hardened = Corpus.run(file, edition: "hardened")
        #expect(hardened.passed, "\(hardened.details ?? "")")
    }
}
