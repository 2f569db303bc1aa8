import Foundation
import HarnessTesting
import Testing

/// `harness` as a user runs it: exit statuses and messages.
@Suite struct CommandLineTests {
    typealias Outcome = ExecutableRun

    static func harness(_ arguments: [String], in folder: URL? = nil) throws -> ExecutableRun {
        try ExecutableRun(Corpus.harness, arguments, in: folder ?? Corpus.root.deletingLastPathComponent())
    }

    /// A fresh, empty folder; the test removes it.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func temporaryScenario(_ text: String, name: String = "broken.scenario") throws -> URL {
        let file = try temporaryFolder().appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    static let help = "; see 'harness --help'"

    /// Each mistake, and the one line it gets on standard error.
    @Test(arguments: [
        (["--bogus"], "harness: unknown option '--bogus'" + help),
        (
            ["run", "--edition", "paperback"],
            "harness: unknown edition 'paperback' for '--edition' (expected one of: hardened, book)" + help
        ),
        (["run", "--seed", "x"], "harness: invalid value for '--seed': expected a whole number, found 'x'" + help),
        (
            ["run", "--seed", "18446744073709551616"],
            "harness: invalid value for '--seed': number '18446744073709551616' is too large "
                + "(the range is 0 to 18446744073709551615)" + help
        ),
        (["run", "--edition"], "harness: missing value for '--edition'" + help),
        (
            ["explore", "Scenarios", "--app", "hitfit"],
            "harness: unknown app 'hitfit' for '--app' (did you mean 'hiitfit'?)" + help
        ),
        (["explore"], "harness: 'explore' needs at least one scenario file or folder" + help),
        (["explore", "Scenarios", "--json", "--fast"], "harness: unknown option '--fast' for 'explore'" + help),
        (["run", "no/such/place"], "harness: no such file or folder 'no/such/place'"),
        (["run", "docs"], "harness: no .scenario files in folder 'docs'"),
        (["explore", "Scenarios/checklists", "docs"], "harness: no .scenario files in folder 'docs'"),
        (["run", "Scenarios/*/no-such-*"], "harness: pattern 'Scenarios/*/no-such-*' matches no .scenario file"),
        (
            ["run", "no-such-folder/*.scenario"],
            "harness: no such folder 'no-such-folder' for pattern 'no-such-folder/*.scenario'"
        ),
        (
            ["explore", "Scenarios/checklists", "--html", "no-such-folder/matrix.html"],
            "harness: cannot write '--html' file 'no-such-folder/matrix.html': no such folder 'no-such-folder'"
        ),
        (
            ["explore", "Scenarios/checklists", "--html", "Scenarios"],
            "harness: cannot write '--html' file 'Scenarios': it is a folder"
        ),
        (["run", "--junit", "", "Scenarios"], "harness: cannot write '--junit' file '': the path is empty"),
        (
            ["explore", "Scenarios/checklists", "--write-repros", "README.md/repros"],
            "harness: cannot write '--write-repros' folder 'README.md/repros': 'README.md' is not a folder"
        ),
    ])
    func badInputStopsBeforeAnyWorkWithStatusTwo(arguments: [String], message: String) throws {
        let result = try Self.harness(arguments)
        #expect(result.status == 2)
        #expect(result.errors == message + "\n")
        #expect(result.output.isEmpty, "nothing ran")
    }

    @Test func helpDescribesEveryCommand() throws {
        let result = try Self.harness(["--help"])
        #expect(result.status == 0)
        for word in ["harness explore", "--edition", "--trace", "--live", "--write-repros", "--json"] {
            #expect(result.output.contains(word))
        }
    }

    @Test func aBrokenExpectationIsReportedAtItsLine() throws {
        let file = try Self.temporaryScenario(
            """
            app checklists
            launch
            item add Milk
            expect items: [x] Milk
            """)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try Self.harness(["run", file.path])
        #expect(result.status == 1)
        #expect(result.output.contains("\(file.path):4:1: expect items: [x] Milk"))
        #expect(result.output.contains("expected: [x] Milk"))
        #expect(result.output.contains("found:    [ ] Milk"))
        #expect(result.output.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func aMalformedScenarioFailsWithFileLineColumn() throws {
        let file = try Self.temporaryScenario("app hiitfit\nlanch\n")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try Self.harness(["run", file.path])
        #expect(result.status == 1)
        #expect(result.output.contains("\(file.path):2:1: unknown verb 'lanch'"))
    }

    @Test func traceShowsEveryStepWithItsOperations() throws {
        let result = try Self.harness(["run", "--trace", "Scenarios/checklists/first-launch.scenario"])
        #expect(result.status == 0)
        #expect(result.output.contains("> 3: launch"))
        #expect(result.output.contains("read Documents/Checklists.plist: threw NSCocoaErrorDomain 260 (ENOENT)"))
    }

    @Test func aTrapEndsOnlyItsScenario() throws {
        let trapping = try Self.temporaryScenario(
            """
            app checklists
            fault urls Documents no-url
            launch
            """, name: "a-traps.scenario")
        let folder = trapping.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "app checklists\nlaunch\nexpect items empty\n".write(
            to: folder.appendingPathComponent("b-passes.scenario"), atomically: true, encoding: .utf8)
        let result = try Self.harness(["run", "--edition", "book", folder.path])
        #expect(result.status == 1)
        #expect(result.output.contains("a-traps.scenario: trapped: Fatal error: Index out of range"))
        #expect(result.output.contains("PASS [passed] \(folder.path)/b-passes.scenario"))
        #expect(result.output.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func aTrapShowsTheOperationsThatLedToIt() throws {
        let text = "app checklists\nfault urls Documents no-url\nlaunch\n"
        let file = try Self.temporaryScenario(text, name: "traps.scenario")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try Self.harness(["run", "--edition", "book", "--trace", file.path])
        #expect(result.status == 1)
        let preferences =
            "#1 p1 read Library/Preferences/com.example.Checklists.plist [platform]: "
            + "threw NSCocoaErrorDomain 260 (ENOENT)"
        let urls = "#2 p1 urls Documents: no URL (fault)"
        let failed = "FAILED: expected the step to finish; found the app trapped: Fatal error: Index out of range"
        // The FAIL block, then the trace.
        #expect(
            result.output.contains("    last operations:\n      \(preferences)\n      \(urls)\n"),
            "\(result.output)")
        #expect(result.output.contains("> 3: launch\n  \(preferences)\n  \(urls)\n  \(failed)"))
    }

    /// The key-value store stays simulated on the real disk too: a copy the app keeps under another key is found.
    @Test func liveRunsAgreeWithTheSimulatedWorldAndLeaveNoFolderBehind() throws {
        // A temporary folder of its own: no other test's live folder comes or goes in it.
        let temporary = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: temporary) }
        let harness = try RunningHarness(
            [
                "run", "--live", "Scenarios/checklists/every-change-is-saved.scenario",
                "Scenarios/hiitfit/done-exercises-survive-relaunch.scenario",
                "Scenarios/namestofaces/people-stored-as-string.scenario",
            ], environment: ["TMPDIR": temporary.path])
        let result = try #require(harness.finish(within: 60), "the harness never ended")
        #expect(result.status == 0)
        #expect(!result.output.contains("live:"), "\(result.output)")
        #expect(result.output.hasSuffix("3 passed, 0 failed\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "no live folder left")
    }

    @Test func anAppThatTrapsOnTheRealDiskFailsItsScenarioAndTheRunGoesOn() throws {
        // A temporary folder of its own: no other test's live folder comes or goes in it.
        let temporary = try Self.temporaryFolder()
        let reports = try Self.temporaryFolder()
        defer { for folder in [temporary, reports] { try? FileManager.default.removeItem(at: folder) } }
        let trapping = "Scenarios/reports/people-garbage-traps-on-launch.scenario"
        let next = "Scenarios/namestofaces/first-launch.scenario"
        let junit = reports.appendingPathComponent("run.xml")
        let harness = try RunningHarness(
            ["run", "--live", "--edition", "book", "--junit", junit.path, trapping, next],
            environment: ["TMPDIR": temporary.path])
        let result = try #require(harness.finish(within: 60), "the harness never ended")
        #expect(result.status == 1, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        let trapped = "the app trapped on the real disk at \(trapping):7:1: "
        #expect(lines.contains { $0.hasPrefix("  live: " + trapped) }, "\(result.output)")
        #expect(lines.contains("PASS [passed] \(next)"), "the next scenario ran")
        #expect(lines.last == "1 passed, 1 failed")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<failure type=\"live\" message=\"live: \(trapped)"))
        let json = try RunningHarness(
            ["run", "--live", "--edition", "book", "--json", trapping, next], environment: ["TMPDIR": temporary.path])
        let report = try #require(json.finish(within: 60), "the harness never ended")
        #expect(report.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.output.utf8)) as? [String: Any])
        let scenarios = object["scenarios"] as? [[String: Any]] ?? []
        #expect(object["passed"] as? Int == 1 && object["failed"] as? Int == 1 && scenarios.count == 2)
        #expect((scenarios.first?["live"] as? String)?.hasPrefix(trapped) == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "no live folder left")
    }

    /// A full temporary folder is the host's failure: the scenario is not run (status 3), never failed as the app's.
    @Test func aFullTemporaryFolderIsAHarnessErrorWithItsCause() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
        let scenario = "Scenarios/checklists/every-change-is-saved.scenario"
        let result = try FullDisk.run(
            ["run", "--live", Corpus.path("checklists/every-change-is-saved.scenario")], on: disk, in: folder,
            temporaryFolderOnDisk: true)
        #expect(result.status == 3, "\(result.output)")
        let line = try #require(result.output.split(separator: "\n").first.map(String.init))
        #expect(
            line.hasPrefix(
                "ERROR \(Corpus.path("checklists/every-change-is-saved.scenario")): not run: harness error: "
                    + "on the real disk: the temporary folder cannot take the app's files: No space left on device"),
            "\(scenario): \(line)")
        #expect(result.output.hasSuffix("0 passed, 0 failed, 1 not run (harness errors)\n"))
    }
}
