import Foundation
import Testing

/// Every `harness` command the docs show runs as they show it: with the exit status they imply, printing the
/// lines they show. `swift run harness` is the built executable; each doc's commands run in order in a fresh
/// folder holding a link to `Scenarios/`, so what one writes (a shard's report) the next can read.
@Suite struct DocsExamplesTests {
    static let root = Corpus.root.deletingLastPathComponent()

    static let documents: [String] = {
        let folder = root.appendingPathComponent("docs").path
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// The commands not run, each with why. Reviewed: every other command in the docs runs.
    static let skipped: [String: String] = [
        "swift run -c release harness bench": "a release build, and the benchmarks take minutes",
        "swift run -c release harness explore Scenarios --json > explore.json":
            "a release build, exploring every scenario: minutes",
        "swift run -c release harness explore Scenarios --verify-determinism":
            "a release build, exploring every scenario twice",
    ]

    /// What the test does with a command.
    enum Plan: Equatable {
        case run(arguments: [String], output: String?)
        case skip(reason: String)
        /// Neither runnable nor on the skip list: the test fails.
        case unknown
    }

    static func plan(_ example: DocExample) -> Plan {
        if let reason = skipped[example.command] { return .skip(reason: reason) }
        guard let (words, output) = ShellWords.parse(example.command) else { return .unknown }
        // `swift run harness` and `harness` are the built executable; any other `swift run` is not.
        for prefix in [["swift", "run", "harness"], ["harness"]] where words.starts(with: prefix) {
            return .run(arguments: Array(words.dropFirst(prefix.count)), output: output)
        }
        return .unknown
    }

    static func examples(in document: String) throws -> [DocExample] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        return DocExample.all(in: text, document: document)
    }

    @Test(arguments: documents)
    func everyCommandRunsAsTheDocShowsIt(_ document: String) throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Scenarios"),
            withDestinationURL: Corpus.root)
        // The sample container docs/reports.md imports.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Tests"),
            withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Tests/Samples"),
            withDestinationURL: Self.root.appendingPathComponent("Tests/Samples"))
        for example in try Self.examples(in: document) {
            guard case .run(let arguments, let output) = Self.plan(example) else {
                #expect(
                    Self.plan(example) != .unknown,
                    "\(example): the docs test cannot run this; make it runnable, or list it with why it is not")
                continue
            }
            let result = try CommandLineTests.harness(arguments, in: folder)
            #expect(
                result.status == example.status,
                "\(example): exit status \(result.status), the doc implies \(example.status)\n\(result.errors)")
            if let output { try Data(result.output.utf8).write(to: folder.appendingPathComponent(output)) }
            // The lines shown, in the order shown, among the lines printed.
            var printed = (result.output + result.errors).split(separator: "\n", omittingEmptySubsequences: false)[...]
            for line in example.shownOutput {
                guard let found = printed.firstIndex(where: { $0 == line }) else {
                    Issue.record("\(example): the doc shows '\(line)', which it does not print (in that order)")
                    break
                }
                printed = printed[(found + 1)...]
            }
        }
    }

    @Test func theDocsShowCommandsAndTheSkipListNamesOnlyCommandsInThem() throws {
        let all = try Self.documents.flatMap(Self.examples(in:))
        #expect(all.count >= 15)
        #expect(all.filter { if case .run = Self.plan($0) { return true } else { return false } }.count >= 10)
        for command in Self.skipped.keys {
            #expect(all.contains { $0.command == command }, "'\(command)' is no longer in the docs: drop it")
        }
    }

    @Test func commandsAreReadWithTheirStatusOutputAndRedirection() {
        let text = """
            Some prose with `swift run harness run inline` that is not in a block.
            ```
            swift run harness run Scenarios/hiitfit --trace   # one folder
            harness run 'Scenarios/*/first-launch*' > out.txt  # exit status 1
            swift run harness run Scenarios | grep PASS
            swift run -c release harness bench
            harness: no such file or folder 'x'
            ```

            ```
            $ swift run harness run --edition book \\
                Scenarios/reports/x.scenario
            FAIL Scenarios/reports/x.scenario: failed
            ...
            0 passed, 1 failed
            $ cmp a b
            ```
            """
        let examples = DocExample.all(in: text, document: "doc.md")
        #expect(
            examples.map(\.command) == [
                "swift run harness run Scenarios/hiitfit --trace", "harness run 'Scenarios/*/first-launch*' > out.txt",
                "swift run harness run Scenarios | grep PASS", "swift run -c release harness bench",
                "swift run harness run --edition book Scenarios/reports/x.scenario",
            ])
        #expect(examples.map(\.status) == [0, 1, 0, 0, 1])
        #expect(examples.map(\.line) == [3, 4, 5, 6, 11])
        #expect(examples[4].shownOutput == ["FAIL Scenarios/reports/x.scenario: failed", "0 passed, 1 failed"])
        #expect(
            examples.map(Self.plan) == [
                .run(arguments: ["run", "Scenarios/hiitfit", "--trace"], output: nil),
                .run(arguments: ["run", "Scenarios/*/first-launch*"], output: "out.txt"),
                .unknown,
                .skip(reason: "a release build, and the benchmarks take minutes"),
                .run(arguments: ["run", "--edition", "book", "Scenarios/reports/x.scenario"], output: nil),
            ])
    }
}
