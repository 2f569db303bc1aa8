import Foundation
import Sandbox
import Testing

@testable import Harness

/// Every fault the table spells reads back as what was written: a `fault` line, a reproduction's or a
/// schedule's line, and a worker's job all say the same fault, and the reference lists the table as it is.
@Suite struct FaultTableTests {
    /// Every way to write each word's arguments: numbers, each choice, an optional one given or left out.
    static func argumentForms(of word: FaultWord) -> [[String]] {
        word.arguments.reduce([[]]) { forms, argument in
            let words: [String?] =
                switch argument {
                case .number: ["0", "7", "1234"]
                case .choice(_, let choices): choices
                case .optionalChoice(let choices): choices + [nil]
                }
            return forms.flatMap { form in words.map { form + ($0.map { [$0] } ?? []) } }
        }
    }

    /// A path a `fault` line on `kind` can name.
    static func paths(for kind: OperationKind) -> [String] {
        switch kind {
        case .get, .set: ["defaults:ratings", "defaults:*"]
        case .urls: ["Documents"]
        case .now: ["*"]
        default: ["Documents/history.plist", "Library/**/*.plist", "Documents/My Notes/a.json"]
        }
    }

    static let occurrences = ["", " nth 1", " nth 3", " from 1", " from 4", " every"]

    /// The one rule `line` arms in a hiitfit scenario.
    static func rule(_ line: String) throws -> FaultRule {
        let scenario = try ScenarioParser.parse("app hiitfit\n\(line)\n", file: "f.scenario", plugins: .shipped)
        let rule = scenario.steps.count == 1 ? scenario.steps[0].command.faultRule : nil
        return try #require(rule, "not one fault: \(line)")
    }

    @Test func everyFaultLineReadsBackAsItIsPrinted() throws {
        var lines = 0
        for word in FaultWord.all {
            for kind in OperationKind.allCases where word.operations.contains(kind) {
                for path in Self.paths(for: kind) {
                    for arguments in Self.argumentForms(of: word) {
                        for occurrence in Self.occurrences {
                            let written = ScenarioWord.written(path)!
                            let line =
                                (["fault", kind.rawValue, written, word.name] + arguments).joined(separator: " ")
                                + occurrence
                            let rule = try Self.rule(line)
                            #expect(rule.kind == kind && rule.path.text == path && rule.fault.word.name == word.name)
                            let printed = FaultSyntax.line(for: rule)
                            let reread = try Self.rule(printed)
                            // `from 1` is printed `every`: the same operations, one spelling.
                            #expect(
                                reread == rule || rule.occurrence == .from(1) && reread.occurrence == .every, "\(line)")
                            #expect(FaultSyntax.line(for: reread) == printed)
                            #expect(
                                RunMode.exploring(faults: [rule], lifecycle: nil).readBack
                                    == .exploring(faults: [rule], lifecycle: nil), "\(line)")
                            lines += 1
                        }
                    }
                }
            }
        }
        #expect(lines > 1_000)
    }

    @Test func eachFormMeansWhatTheReferenceSays() throws {
        let cases: [(String, FaultRule.Occurrence, Fault, String)] = [
            ("disk-full", .nth(1), .diskFull, "disk-full"),
            (
                "partial 12 power-loss nth 2", .nth(2), .partialWrite(bytes: 12, then: .crash(.powerLoss)),
                "torn+power-loss"
            ),
            ("partial 0 error from 3", .from(3), .partialWrite(bytes: 0, then: .error), "partial+error (persistent)"),
            ("partial 5 kill every", .every, .partialWrite(bytes: 5, then: .crash(.kill)), "torn+kill (persistent)"),
            ("crash-before", .nth(1), .crashBefore(.kill), "crash-before kill"),
            ("crash-after power-loss", .nth(1), .crashAfter(.powerLoss), "crash-after power-loss"),
            ("io-error from 1", .from(1), .ioError, "io-error (persistent)"),
        ]
        for (words, occurrence, fault, column) in cases {
            let rule = try Self.rule("fault write Documents/a.plist " + words)
            #expect(rule.fault == fault && rule.occurrence == occurrence, "\(words)")
            #expect(FaultSyntax.column(of: rule.fault, occurrence: rule.occurrence) == column)
        }
        #expect(
            try FaultSyntax.line(for: Self.rule("fault write Documents/a.plist crash-after"))
                == "fault write Documents/a.plist crash-after kill")
        #expect(
            try FaultSyntax.line(for: Self.rule("fault write \"a b/c\" io-error nth 1"))
                == "fault write \"a b/c\" io-error")
    }

    /// A worker's job carries the occurrence and the fault as a `fault` line's words, joined by `:`.
    @Test func aJobSpellsTheFaultAsTheLineDoes() {
        let rule = FaultRule(
            kind: .write, path: PathPattern("a b/*.plist"), occurrence: .nth(2),
            fault: .partialWrite(bytes: 12, then: .crash(.powerLoss)))
        #expect(rule.wireWords == ["write", "a\\sb/*.plist", "nth:2", "partial:12:power-loss"])
        #expect(FaultSyntax.line(for: rule) == "fault write \"a b/*.plist\" partial 12 power-loss nth 2")
        for garbled in [
            "write a nth:0 io-error", "write a nth io-error", "write a every:2 io-error", "write a nth:1:2 io-error",
        ] {
            var words = WireWords(garbled[...])
            #expect(FaultRule(wire: &words) == nil, "\(garbled)")
        }
    }

    /// One fault of every case, as the simulated world knows them.
    static let everyCase: [Fault] = [
        .missing, .noURL, .wrongType, .diskFull, .permissionDenied, .ioError, .corruptRead,
        .partialWrite(bytes: 0, then: .error), .partialWrite(bytes: 4_096, then: .crash(.kill)),
        .partialWrite(bytes: 1, then: .crash(.powerLoss)),
        .crashBefore(.kill), .crashBefore(.powerLoss), .crashAfter(.kill), .crashAfter(.powerLoss),
        .crashAfterFlush(.kill), .crashAfterFlush(.powerLoss),
    ]

    /// Which case `fault` is: with no `default`, a case added to `Fault` does not compile until it is here.
    static func caseIndex(_ fault: Fault) -> Int {
        switch fault {
        case .missing: 0
        case .noURL: 1
        case .partialWrite: 2
        case .wrongType: 3
        case .diskFull: 4
        case .permissionDenied: 5
        case .ioError: 6
        case .corruptRead: 7
        case .crashBefore: 8
        case .crashAfter: 9
        case .crashAfterFlush: 10
        }
    }

    @Test func everyCaseOfFaultHasOneWord() {
        #expect(Set(Self.everyCase.map(Self.caseIndex)) == Set(0...10), "a case without an example in everyCase")
        for fault in Self.everyCase {
            #expect(Fault(words: fault.words) == fault, "\(fault.words)")
            #expect(FaultWord.all.filter { $0.name == fault.words[0] }.count == 1)
        }
        #expect(Set(FaultWord.all.map(\.name)).count == FaultWord.all.count)
        #expect(Set(Self.everyCase.map(\.word.name)).count == FaultWord.all.count, "a word no case spells")
    }

    @Test func wordsThatSpellNoFaultAreRefused() {
        for words in [
            [], ["disk-ful"], ["disk-full", "kill"], ["partial", "12"], ["partial", "-1", "error"],
            ["partial", "x", "kill"],
            ["partial", "12", "crash"], ["crash-before"], ["crash-before", "reboot"], ["crash-after", "kill", "kill"],
        ] {
            #expect(Fault(words: words) == nil, "\(words)")
        }
    }

    static func document(_ path: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The language reference's fault table: each row's FAULT and its operations, as the table has them.
    @Test func theLanguageReferenceListsTheTable() throws {
        let text = try Self.document("docs/language.md")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let header = try #require(lines.firstIndex(of: "| FAULT | Effect | Applies to |"))
        let rows = lines[(header + 2)...].prefix { $0.hasPrefix("| `") }.map { row in
            // Cells split at a `|` that is not `\|`.
            let cells = row.replacingOccurrences(of: "\\|", with: "\u{0}").split(separator: "|")
                .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{0}", with: "|") }
            return "\(cells.first ?? "") \(cells.last ?? "")"
        }
        #expect(rows == FaultWord.all.map { "`\($0.usage)` \(FaultSyntax.appliesTo($0))" })
    }

    /// `harness --help` lists every word, how it is written and the operations it applies to.
    @Test func theHelpListsEveryWord() {
        let lines = HarnessCommand.faults().split(separator: "\n").map(String.init)
        #expect(lines.count == FaultWord.all.count + 1)
        #expect(lines.contains("  partial N error|kill|power-loss      write"))
        #expect(lines.contains("  crash-before [kill|power-loss]       every operation but now"))
        #expect(lines.contains("  missing                              read, remove, exists, list, get"))
    }

    /// The fault matrix columns the explorer's guide shows are columns the table makes.
    @Test func theExplorerGuideNamesRealColumns() throws {
        let text = try Self.document("docs/explorer.md").replacingOccurrences(of: "\n", with: " ")
        let start = try #require(text.range(of: "a column per fault ("))
        let list = text[start.upperBound...].prefix { $0 != "…" }
        let named = list.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
            $0.offset % 2 == 1
        }.map { String($0.element) }
        let columns = Set(
            Self.everyCase.flatMap { fault in
                [FaultRule.Occurrence.nth(1), .every].map { FaultSyntax.column(of: fault, occurrence: $0) }
            })
        #expect(named.count >= 3)
        for column in named { #expect(columns.contains(column), "\(column)") }
    }
}

extension Command {
    fileprivate var faultRule: FaultRule? { if case .fault(let rule) = self { rule } else { nil } }
}

extension RunMode {
    /// The mode as a worker reads it from its job line.
    fileprivate var readBack: RunMode? {
        var words = WireWords(wireWords.joined(separator: " ")[...])
        return RunMode(wire: &words)
    }
}
