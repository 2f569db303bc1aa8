import Foundation
import Testing

/// One bug, one verdict: `explore` and `run` on the reproduction it writes judge the same steps by the same judge.
@Suite struct AgreementTests {
    /// Over the whole shipped corpus with the book edition, every failing explored run that has a reproduction gets
    /// the same class from `harness run`, and names the same lost data (its place aside: `relaunch after the fault`
    /// there, a line of the reproduction here).
    @Test func everyReproductionOfTheBookCorpusGetsItsExploredVerdictFromRun() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let explored = try CommandLineTests.harness([
            "explore", "--json", "--jobs", "2", "--edition", "book", "--write-repros", folder.path, "Scenarios",
        ])
        #expect(explored.status == 1, "\(explored.errors)")
        let runs = try Self.objects(explored.output, "runs").filter { $0["reproduction"] != nil }
        #expect(runs.count > 300, "the book's failures, a reproduction per class and scenario")
        let paths = runs.compactMap { $0["reproduction"] as? String }
        let replayed = try CommandLineTests.harness(["run", "--json", "--edition", "book"] + paths)
        let byFile = Dictionary(
            try Self.objects(replayed.output, "scenarios").map { ($0["scenario"] as? String ?? "", $0) },
            uniquingKeysWith: { first, _ in first })
        for run in runs {
            let path = run["reproduction"] as? String ?? ""
            let replay = byFile[path] ?? [:]
            let outcome = run["outcome"] as? String
            let verdict = replay["outcome"] as? String == "trapped" ? "trap" : replay["verdict"] as? String
            #expect(verdict == outcome, "\(path): explored \(outcome ?? "?"), run \(verdict ?? "?")")
            guard outcome != "trap" else { continue }
            #expect(
                Self.loss(run["message"] as? String) == Self.loss(replay["verdictMessage"] as? String),
                "\(path): \(run["message"] ?? "") / \(replay["verdictMessage"] ?? "")")
        }
    }

    /// The array `key` of a JSON report.
    static func objects(_ json: String, _ key: String) throws -> [[String: Any]] {
        let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return report?[key] as? [[String: Any]] ?? []
    }

    /// What a message says was lost, apart from where: `relaunch at line 11: items: [ ] Milk acknowledged at line 7
    /// is missing` as `items: [ ] Milk acknowledged at line is missing`.
    static func loss(_ message: String?) -> String? {
        guard let message, let colon = message.range(of: ": ") else { return message }
        let words = message[colon.upperBound...].split(separator: " ", omittingEmptySubsequences: false)
        return words.indices.filter { $0 == 0 || words[$0 - 1] != "line" }.map { String(words[$0]) }
            .joined(separator: " ")
    }
}
