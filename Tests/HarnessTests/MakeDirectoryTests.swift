import Foundation
import Harness
import Testing

/// `mkdir PATH`: a folder in the container, where a file may be expected.
@Suite struct MakeDirectoryTests {
    private func run(_ script: String, fixtures: String = "") throws -> RunResult {
        let text = "app notes\n" + script + "\n" + fixtures
        return ScenarioRunner(edition: "keeps").run(
            try ScenarioParser.parse(text, file: "d.scenario", plugins: .withNotes))
    }

    private func messages(_ text: String) -> [String] {
        parseMessages(text, file: "d.scenario", plugins: .withNotes)
    }

    @Test func aStoreOrAPathIsAFolderAndMistakesAreErrorsAtTheirWord() throws {
        let scenario = try ScenarioParser.parse(
            "app notes\nmkdir @notes\nmkdir Documents/a/b", file: "d.scenario", plugins: .withNotes)
        #expect(
            scenario.steps.map(\.command) == [
                .makeDirectory(path: "Documents/notes.txt"), .makeDirectory(path: "Documents/a/b"),
            ])
        #expect(
            messages("app notes\nmkdir\nmkdir /tmp\nmkdir a/../b\nmkdir @nots\nmkdir a b\nmkdri a") == [
                "d.scenario:2:6: usage: mkdir PATH",
                "d.scenario:3:7: path '/tmp' must be relative to the container (no leading '/')",
                "d.scenario:4:7: path 'a/../b' must not contain '..'",
                "d.scenario:5:7: unknown notes store 'nots' (did you mean 'notes'?)",
                "d.scenario:6:9: unexpected 'b' after 'mkdir a'",
                "d.scenario:7:1: unknown verb 'mkdri' (did you mean 'mkdir'?)",
            ])
    }

    @Test func itMakesTheFolderAndItsParentsEmpty() throws {
        let result = try run(
            "mkdir Documents/a/b\nexpect file Documents/a exists\nexpect file Documents/a/b exists\n"
                + "expect files Documents/** 0")
        #expect(result.passed)
    }

    /// The app's atomic save cannot rename over a folder, so the note the user added is not on disk.
    @Test func aFolderWhereTheStoreShouldBeStopsTheSave() throws {
        let result = try run(
            "mkdir @notes\nlaunch\nnote Milk\nkill\nlaunch\nexpect notes: Milk\nexpect verdict dataLoss")
        #expect(result.failure?.location.line == 7)
        #expect(result.failure?.found == "no notes")
    }

    @Test func aFileInTheWayIsAStepFailureNotAReplacedFile() throws {
        let result = try run("file Documents/a\nmkdir Documents/a/b", fixtures: "-- Documents/a --\nx")
        #expect(result.failure?.location.line == 3)
        #expect(result.failure?.expected == "a folder at Documents/a/b")
        #expect(result.failure?.found == "Documents/a is a file (rm it first)")
    }
}
