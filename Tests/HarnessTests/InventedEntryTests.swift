import Sandbox
import Testing

@testable import Harness

/// A relaunch may show more than the user last saw when it is data of theirs (stored data a fault kept out of
/// sight, what a first launch makes), never an entry that no run state had: a note torn by a crash.
@Suite struct InventedEntryTests {
    static let text = "app notes\nlaunch\nnote Milk\nnote Eggs and bread\n"

    /// The outcome of the explored run that tears the second save `bytes` bytes in, and dies there.
    static func tornSave(at bytes: Int, edition: String) throws -> OutcomeClass {
        let scenario = try ScenarioParser.parse(text, file: "torn.scenario", plugins: .withNotes)
        let rule = FaultRule(
            kind: .write, path: PathPattern("Documents/**"), occurrence: .nth(2),
            fault: .partialWrite(bytes: bytes, then: .crash(.kill)))
        return ScenarioRunner(edition: edition, mode: .exploring(faults: [rule], lifecycle: nil)).run(scenario)
            .judged.outcome
    }

    @Test func aNoteTornInPlaceIsNotTheUsersData() throws {
        // Each line is a 36-character id, a tab, the text and a new line: 86 bytes in, the second note is "Eggs an".
        #expect(try Self.tornSave(at: 86, edition: "plain") == .dataLoss)
        // Cut at a line's end, the relaunch shows the old state: no loss.
        #expect(try Self.tornSave(at: 42, edition: "plain") == .passed)
        // An atomic save never shows a torn note.
        #expect(try Self.tornSave(at: 86, edition: "keeps") == .passed)
    }

    /// `run` holds a scripted crash to the same: a torn note is a loss at the relaunch, named in the verdict.
    @Test func aScriptedCrashThatTearsANoteFailsTheRelaunch() throws {
        func run(_ edition: String) throws -> RunResult {
            let script = "app notes\nlaunch\nnote Milk\nfault write ** partial 86 kill\nnote Eggs and bread\n"
            let scenario = try ScenarioParser.parse(
                script + "expect crashed\nlaunch\n", file: "torn.scenario", plugins: .withNotes)
            return ScenarioRunner(edition: edition).run(scenario)
        }
        let torn = try run("plain")
        #expect(torn.verdict == .dataLoss)
        #expect(torn.verdictMessage == #"relaunch at line 7: notes "Eggs an" is shown, which the user never had"#)
        #expect(try run("keeps").verdict == .passed)
    }

    @Test func theMessageNamesTheEntryTheUserNeverHad() throws {
        var shown = VisibleData()
        shown.values["notes"] = .list([.text("Milk"), .text("Eggs an")])
        shown.judging["notes"] = VisibleData.Judging(inFile: true, byEntries: true, holdsData: true)
        var expected = shown
        expected.values["notes"] = .list([.text("Milk")])
        let loss = Loss(shown: shown, expected: expected, removed: [:], plugin: .notes, calendar: .current)
        #expect(loss.what == #"notes "Eggs an""#)
        #expect(loss.how == "is shown, which the user never had")
    }
}
