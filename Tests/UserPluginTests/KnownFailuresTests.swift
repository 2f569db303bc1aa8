import Foundation
import HabitsPlugin
import HarnessTesting
import Testing

/// A user's edition held to their own known-failures record: what it lists must fail, the rest must pass,
/// and a record that is wrong fails the run.
@Suite struct KnownFailuresTests {
    static let failing = "app habits\nlaunch\nhabit add Read\nexpect habits: Read 1\n"
    static let passing = "app habits\nlaunch\nhabit add Read\nexpect habits: Read 0\n"

    /// A folder with `scenarios` (name and text) and the record `record`, held to it.
    static func folder(_ scenarios: [String: String], record: String?) throws -> ScenarioFolder {
        let folder = try Habits.temporaryFolder()
        for (name, text) in scenarios {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let recordFile = folder.appendingPathComponent("known-failures")
        try record?.write(to: recordFile, atomically: true, encoding: .utf8)
        return ScenarioFolder(folder, plugins: [.habits], worker: Habits.cli, knownFailures: recordFile)
    }

    @Test func aFailingScenarioTheRecordListsForTheEditionPasses() throws {
        let scenarios = try Self.folder(
            ["wrong-streak.scenario": Self.failing],
            record: "# The streak starts at 0.\nmine wrong-streak.scenario a new habit's streak is 0\n")
        defer { try? FileManager.default.removeItem(at: scenarios.root) }
        let file = try #require(scenarios.files.first)
        #expect(scenarios.files.count == 1)
        scenarios.check(file, edition: "mine")
        // No edition: the app's default edition, `mine`, is the one looked up.
        scenarios.check(file)
    }

    @Test func aListedScenarioThatPassesIsRecordedAtTheRecordsLine() throws {
        let scenarios = try Self.folder(
            ["streak.scenario": Self.passing], record: "# Fixed since.\nmine streak.scenario it was wrong\n")
        defer { try? FileManager.default.removeItem(at: scenarios.root) }
        let file = try #require(scenarios.files.first)
        withKnownIssue {
            scenarios.check(file, edition: "mine")
        } matching: { issue in
            issue.sourceLocation?.fileName == "known-failures" && issue.sourceLocation?.line == 2
                && issue.sourceLocation?.column == 1
                && "\(issue)".contains("is listed as known to fail (it was wrong): it passes now, take it off")
        }
    }

    @Test func aListedScenarioThatCannotRunIsNoKnownFailure() throws {
        let scenarios = try Self.folder(
            ["typo.scenario": "app habits\nlaunch\nhabit ad Read\n"], record: "mine typo.scenario a reason\n")
        defer { try? FileManager.default.removeItem(at: scenarios.root) }
        let file = try #require(scenarios.files.first)
        withKnownIssue {
            scenarios.check(file)
        } matching: { issue in
            issue.sourceLocation?.fileName == "typo.scenario" && "\(issue)".contains("invalid scenario")
        }
    }

    /// A scenario that uses the habits store as a key does not parse for this plug-in, which keeps it in a file: a
    /// port whose data moved lists it, and it is known to fail while it does not parse.
    @Test func aScenarioThatUsesAStoreAsTheOtherKindMayBeListed() throws {
        let asKey = "app habits\ndefaults remove @habits\nlaunch\n"
        let scenarios = try Self.folder(
            ["as-key.scenario": asKey], record: "mine as-key.scenario keeps habits in a file\n")
        defer { try? FileManager.default.removeItem(at: scenarios.root) }
        let file = try #require(scenarios.files.first)
        scenarios.check(file, edition: "mine")
        let unlisted = try Self.folder(["as-key.scenario": asKey], record: "# nothing listed\n")
        defer { try? FileManager.default.removeItem(at: unlisted.root) }
        let unlistedFile = try #require(unlisted.files.first)
        withKnownIssue {
            unlisted.check(unlistedFile, edition: "mine")
        } matching: { issue in
            "\(issue)".contains("'@habits' is a file store, not a key of the key-value store")
        }
    }

    @Test func aBadRecordLineIsAFailingCaseThatNamesItsPlace() throws {
        try Self.expectRecordCaseFails(record: "\nbok wrong-streak.scenario a reason\n") { issue in
            issue.sourceLocation?.fileName == "known-failures" && issue.sourceLocation?.line == 2
                && "\(issue)".contains("known-failures:2:1: no edition named 'bok'")
        }
    }

    @Test func aMissingRecordIsAFailingCaseNotAnEmptyOne() throws {
        try Self.expectRecordCaseFails(record: nil) { issue in
            "\(issue)".contains("known-failures: cannot read: no such file")
        }
    }

    /// With `record`, the folder gives one more case after its scenario, named after the record, whose check
    /// records an issue `matching` says is the record's problem.
    private static func expectRecordCaseFails(
        record: String?, matching: @escaping KnownIssueMatcher
    ) throws {
        let scenarios = try folder(["wrong-streak.scenario": failing], record: record)
        defer { try? FileManager.default.removeItem(at: scenarios.root) }
        #expect(scenarios.files.map(\.path) == ["wrong-streak.scenario", "known-failures"])
        let recordCase = try #require(scenarios.files.last)
        withKnownIssue {
            scenarios.check(recordCase)
        } matching: {
            matching($0)
        }
    }
}
