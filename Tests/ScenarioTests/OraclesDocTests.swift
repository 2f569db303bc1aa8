import Foundation
import Testing

/// docs/oracles.md as a test: each of its examples gets from `harness run --json` the verdict and message its first
/// lines state, so a rule that changes fails here until the doc says so; each rule has an example, and the rules are
/// those `JudgeTests` has cases of.
@Suite struct OraclesDocTests {
    static let document = "docs/oracles.md"

    /// A fenced block of the doc that starts with `# edition: NAME`, then `# verdict: CLASS[: MESSAGE]`, a pair per
    /// edition, then the rest of the scenario.
    struct Example: CustomTestStringConvertible, Sendable {
        /// The line of the doc where the block opens (its ```).
        var line: Int
        var text: String
        /// What the block states for each edition: `dataLoss: relaunch at line 9: …`, or `passed`.
        var verdicts: [(edition: String, verdict: String)]

        var testDescription: String { "\(OraclesDocTests.document):\(line)" }
    }

    static let text = try? String(
        contentsOf: DocsExamplesTests.root.appendingPathComponent(document), encoding: .utf8)

    static let examples = text.map(examples(in:)) ?? []

    static func examples(in text: String) -> [Example] {
        var examples: [Example] = []
        var block: (line: Int, lines: [String])?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            guard line.hasPrefix("```") else {
                block?.lines.append(line)
                continue
            }
            guard let open = block else {
                block = (index + 1, [])
                continue
            }
            block = nil
            guard open.lines.first?.hasPrefix("# edition:") == true else { continue }
            var verdicts: [(edition: String, verdict: String)] = []
            var header = open.lines[...]
            while let edition = header.first?.stated("# edition:") {
                header = header.dropFirst()
                // An edition with no verdict after it states one no run gives.
                let verdict = header.first?.stated("# verdict:")
                if verdict != nil { header = header.dropFirst() }
                verdicts.append((edition, verdict ?? "(no verdict stated)"))
            }
            let scenario = open.lines.joined(separator: "\n") + "\n"
            examples.append(Example(line: open.line, text: scenario, verdicts: verdicts))
        }
        return examples
    }

    @Test(arguments: examples)
    func theHarnessGivesTheVerdictTheDocStates(_ example: Example) throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("example.scenario")
        try Data(example.text.utf8).write(to: file)
        for (edition, stated) in example.verdicts {
            let result = try CommandLineTests.harness(["run", "--json", "--edition", edition, file.path])
            let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
            let scenario = try #require((json?["scenarios"] as? [[String: Any]])?.first, "\(result.errors)")
            let found = [scenario["verdict"], scenario["verdictMessage"]].compactMap { $0 as? String }
            #expect(found.joined(separator: ": ") == stated, "\(example.testDescription), edition \(edition)")
        }
    }

    @Test func everyRuleHasAnExampleAndIsOneTheJudgeTestsHaveCasesOf() throws {
        let text = try #require(Self.text, "\(Self.document) cannot be read")
        #expect(Self.examples.count >= 12)
        // The headings under "## The rules": each section holds an example.
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "## The rules"))
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        let headings = lines.indices[start..<end].filter { lines[$0].hasPrefix("### ") }
        for (position, heading) in headings.enumerated() {
            let next = position + 1 < headings.count ? headings[position + 1] : end
            #expect(
                Self.examples.contains { $0.line - 1 > heading && $0.line - 1 < next },
                "\(Self.document):\(heading + 1): '\(lines[heading])' shows no example")
        }
        let judgeTests = try String(
            contentsOf: DocsExamplesTests.root.appendingPathComponent("Tests/HarnessTests/JudgeTests.swift"),
            encoding: .utf8)
        let cases = Set(judgeTests.matches(of: /rule: "([^"]+)"/).map { String($0.output.1) })
        #expect(Set(headings.map { String(lines[$0].dropFirst(4)) }) == cases)
    }
}

extension String {
    /// What a header line `KEY VALUE` states, when it starts with `key`.
    fileprivate func stated(_ key: String) -> String? {
        hasPrefix(key) ? dropFirst(key.count).trimmingCharacters(in: .whitespaces) : nil
    }
}
