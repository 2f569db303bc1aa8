import Foundation
import HarnessTesting
import Testing

/// `harness run --record` and `--update`: what the app shows written back into the scenario.
@Suite struct RecordTests {
    static func scenario(_ text: String) throws -> URL {
        try CommandLineTests.temporaryScenario(text, name: "recorded.scenario")
    }

    static func lines(_ file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    }

    /// A loss the scenario expects stays expected: `expect verdict` is kept, and excuses it when run again.
    @Test func recordKeepsTheScenariosExpectedVerdict() throws {
        let file = try Self.scenario(
            "app hiitfit\ndefaults flush never\nlaunch\nrate Squat 3\nkill\nlaunch\nexpect verdict platformLoss\n")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try CommandLineTests.harness(["run", "--record", file.path])
        #expect(result.status == 0, "\(result.errors)")
        let lines = try Self.lines(file)
        #expect(lines.contains("expect verdict platformLoss") && lines.contains { $0.hasPrefix("expect tab") })
        #expect(try CommandLineTests.harness(["run", file.path]).output.hasPrefix("PASS [platformLoss] "))
    }

    /// Each shipped app's observations render as lines that hold when run again.
    @Test(arguments: [
        (
            "app hiitfit\nlaunch\ndone Squat\nrate Burpee 4\ntab 2\n# the end\n",
            ["expect history days 1", "expect history 2026-03-01: Squat", "expect ratings 0040", "expect tab 2"]
        ),
        (
            "app hiitfit\nclock 2026-03-02 08:00 Asia/Tokyo\nlaunch\ndone Squat\ntimezone Europe/London\nclock +12h\n"
                + "done Burpee\ntimezone Asia/Tokyo\ndone Sun Salute on 2026-02-28\n",
            [
                "expect history days 3", "expect history days on 2026-03-02: 2",
                "expect history 2026-02-28: Sun Salute",
                "expect history order: 2026-03-02, 2026-03-02, 2026-02-28", "expect tab 9",
            ]
        ),
        (
            "app checklists\nlaunch\nitem add Milk\nitem add Eggs\nitem toggle 1\n",
            ["expect items: [ ] Milk, [x] Eggs"]
        ),
        (
            "app namestofaces codable\nlaunch\nperson add Ada\nperson add Grace\nperson rename 0 Ada L\n",
            ["expect people: Ada L, Grace", "expect faces: Ada L, Grace"]
        ),
    ])
    func recordThenRunPasses(text: String, recorded: [String]) throws {
        let file = try Self.scenario(text)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let before = try Self.lines(file)
        let result = try CommandLineTests.harness(["run", "--record", file.path])
        #expect(result.status == 0, "\(result.errors)")
        let count = recorded.count == 1 ? "1 expect line" : "\(recorded.count) expect lines"
        #expect(result.output == "\(file.path): recorded \(count)\n")
        // Appended right after the last step; the rest (the comment) untouched.
        let steps = before.lastIndex { !$0.isEmpty && !$0.hasPrefix("#") }! + 1
        #expect(try Self.lines(file) == Array(before[..<steps]) + recorded + Array(before[steps...]))
        let run = try CommandLineTests.harness(["run", file.path])
        #expect(run.status == 0, "\(run.output)")
    }

    @Test func recordReplacesTheExpectationsAtTheEndAndWritesBeforeTheFixtures() throws {
        let file = try Self.scenario(
            """
            app checklists
            file Documents/Checklists.plist
            launch
            expect items empty
            -- Documents/Checklists.plist (xml) --
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array>
            <dict><key>text</key><string>Tea</string><key>checked</key><true/></dict>
            </array></plist>

            """)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(try CommandLineTests.harness(["run", "--record", file.path]).status == 0)
        let lines = try Self.lines(file)
        #expect(Array(lines[2...4]) == ["launch", "expect items: [x] Tea", "-- Documents/Checklists.plist (xml) --"])
    }

    @Test func updateRewritesOnlyTheLinesThatNoLongerHold() throws {
        let text = """
            # A workout, then a rating.
            app hiitfit
            launch
            done Squat
              expect history days 1   # one day
            expect tab 9
            rate Burpee 4

            # what the user sees now
            expect ratings 0000
            expect history days 1
            expect tab 9

            """
        let file = try Self.scenario(text)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let before = try Self.lines(file)
        let result = try CommandLineTests.harness(["run", "--update", file.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "\(file.path): updated 1 line\n")
        let after = try Self.lines(file)
        #expect(after.count == before.count)
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(changed.map(\.offset) == [9])
        #expect(after[9] == "expect ratings 0040")
        #expect(try CommandLineTests.harness(["run", file.path]).status == 0)
        let again = try CommandLineTests.harness(["run", "--update", file.path])
        #expect(again.output == "\(file.path): up to date\n")
        #expect(try Self.lines(file) == after)
    }

    @Test func aTrapIsNeverRecordedAsExpected() throws {
        let source = try String(
            contentsOfFile: Corpus.path("checklists/documents-url-fails-once.scenario"),
            encoding: .utf8)
        let trapLine = "[edition:book] expect trapped Index out of range\n"
        let file = try Self.scenario(source.replacingOccurrences(of: trapLine, with: ""))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let before = try Self.lines(file)
        let result = try CommandLineTests.harness(["run", "--record", "--edition", "book", file.path])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("harness: \(file.path): not recorded: the run trapped:"), "\(result.errors)")
        #expect(result.errors.contains("Index out of range"))
        #expect(try Self.lines(file) == before)
    }

    @Test func aStepTheUserCannotTakeIsRefused() throws {
        let file = try Self.scenario("app checklists\nlaunch\nitem toggle 3\n")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try CommandLineTests.harness(["run", "--record", file.path])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("harness: \(file.path): not recorded: the run failed:\n"))
        #expect(try Self.lines(file) == ["app checklists", "launch", "item toggle 3", ""])
    }

    @Test(arguments: [
        (["run", "--record"], "harness: '--record' needs the scenario files to write into; see 'harness --help'"),
        (
            ["run", "--update", "--json", "x.scenario"],
            "harness: '--json' cannot be used with '--update'; see 'harness --help'"
        ),
        (
            ["run", "--record", "--update", "x.scenario"],
            "harness: '--record' and '--update' exclude each other; see 'harness --help'"
        ),
    ])
    func wrongFlagsStopWithStatusTwo(arguments: [String], message: String) throws {
        let result = try CommandLineTests.harness(arguments)
        #expect(result.status == 2)
        #expect(result.errors == message + "\n")
    }
}
