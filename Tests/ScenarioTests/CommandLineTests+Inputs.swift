import Foundation
import Testing

/// Paths checked before any work starts, and input problems reported alike by `run` and `explore`.
extension CommandLineTests {
    @Test func aPathThatCannotBeUsedStopsEverythingBeforeAnythingIsWritten() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let repros = folder.appendingPathComponent("repros")
        let page = folder.appendingPathComponent("matrix.html")
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
        let result = try Self.harness([
            "explore", "--edition", "book", "--write-repros", repros.path,
            "--html", page.path, "Scenarios/checklists/first-launch.scenario", empty.path,
        ])
        #expect(result.status == 2)
        #expect(result.errors == "harness: no .scenario files in folder '\(empty.path)'\n")
        #expect(result.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: repros.path))
        #expect(!FileManager.default.fileExists(atPath: page.path))
    }

    @Test func symbolicLinkLoopsAndDanglingLinksSayWhatTheyAre() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = FileManager.default
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        try files.createSymbolicLink(atPath: path("loop-a.scenario"), withDestinationPath: "loop-b.scenario")
        try files.createSymbolicLink(atPath: path("loop-b.scenario"), withDestinationPath: "loop-a.scenario")
        try files.createSymbolicLink(atPath: path("gone.scenario"), withDestinationPath: "nowhere.scenario")
        let loop = try Self.harness(["run", path("loop-a.scenario")])
        #expect(loop.status == 2)
        #expect(loop.errors == "harness: cannot read '\(path("loop-a.scenario"))': a symbolic link loop\n")
        let dangling = try Self.harness(["explore", path("gone.scenario")])
        #expect(dangling.status == 2)
        #expect(
            dangling.errors == "harness: cannot read '\(path("gone.scenario"))': a dangling symbolic link "
                + "(to 'nowhere.scenario', which does not exist)\n")
        // Inside a folder: the loop is found before any scenario runs.
        let tree = path("tree")
        try files.createDirectory(atPath: tree + "/a", withIntermediateDirectories: true)
        try "app hiitfit\nlaunch\n".write(toFile: tree + "/a/one.scenario", atomically: true, encoding: .utf8)
        try files.createSymbolicLink(atPath: tree + "/a/up", withDestinationPath: "..")
        let cycle = try Self.harness(["run", tree])
        #expect(cycle.status == 2)
        #expect(
            cycle.errors == "harness: cannot read '\(tree)/a/up': a symbolic link loop "
                + "(it leads back to a folder that holds it)\n")
        #expect(cycle.output.isEmpty)
    }

    @Test(.enabled(if: geteuid() != 0, "root reads every file"))
    func aFileThatCannotBeReadIsRefusedBeforeAnyRuns() throws {
        let file = try Self.temporaryScenario("app hiitfit\nlaunch\n")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(chmod(file.path, 0) == 0)
        let result = try Self.harness(["explore", file.path])
        #expect(result.status == 2)
        #expect(result.errors == "harness: cannot read '\(file.path)': permission denied\n")
        #expect(result.output.isEmpty)
    }

    @Test func aNamedPipeIsRefusedInsteadOfWaitedOn() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("pipe.scenario").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let result = try Self.harness(["run", folder.path])
        #expect(result.status == 2)
        #expect(result.errors == "harness: cannot read '\(pipe)': not a regular file (a device, pipe or socket)\n")
    }

    @Test func aQuotedPatternSelectsTheFilesItMatches() throws {
        let result = try Self.harness(["run", "Scenarios/*/first-launch*.scenario"])
        #expect(result.status == 0)
        let ran = result.output.split(separator: "\n").filter { $0.hasPrefix("PASS ") }
        #expect(
            ran == [
                "PASS [passed] Scenarios/checklists/first-launch.scenario",
                "PASS [passed] Scenarios/hiitfit/first-launch.scenario",
                "PASS [passed] Scenarios/namestofaces/first-launch-codable.scenario",
                "PASS [passed] Scenarios/namestofaces/first-launch.scenario",
            ])
    }

    @Test func runAndExploreReportAFileThatIsNotUTF8InTheSameWords() throws {
        let file = try Self.temporaryScenario("")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data("app hiitfit\nlaunch\nitem add caf".utf8 + [0xE9] + Data("\n".utf8)).write(to: file)
        let line = "  \(file.path):3:13: not UTF-8 text (byte 0xE9)"
        let run = try Self.harness(["run", file.path])
        #expect(run.status == 1)
        #expect(run.output == "FAIL \(file.path): invalid scenario\n\(line)\n0 passed, 1 failed\n")
        let explore = try Self.harness(["explore", file.path])
        #expect(explore.status == 1)
        #expect(explore.output.hasPrefix("\(file.path): not explored: invalid scenario\n\(line)\n"))
        #expect(explore.output.hasSuffix("; 1 scenario not explored\n"), "the total does not read as a pass")
    }

    @Test func aLocalTimeThatClocksSkipFailsWhenItRunsInTheCurrentZone() throws {
        let file = try Self.temporaryScenario("app hiitfit\ntimezone Europe/London\nclock 2026-03-29 01:30\nlaunch\n")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try Self.harness(["run", file.path])
        #expect(result.status == 1)
        #expect(
            result.output == """
                FAIL [passed] \(file.path): failed
                  \(file.path):3:1: clock 2026-03-29 01:30
                    expected: a time that exists in Europe/London
                    found:    2026-03-29 01:30 does not exist in Europe/London: \
                clocks go forward from 01:00 to 02:00 that day
                0 passed, 1 failed

                """)
        // The explorer does not explore a run cut short: that would be a pass for steps never taken.
        let explore = try Self.harness(["explore", file.path])
        #expect(explore.status == 1)
        #expect(explore.output.hasPrefix("\(file.path): not explored: the fault-free run could not carry out a step\n"))
    }

    /// A fault-free run that lost data, then could not take a step for it, is not explored: the loss is said too.
    @Test func aScenarioNotExploredSaysWhatItsFaultFreeRunLostFirst() throws {
        let file = try Self.temporaryScenario(
            "app checklists\nlaunch\nitem add Milk\nkill\nfault read @items missing every\nlaunch\nitem toggle 0\n")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let explore = try Self.harness(["explore", "--edition", "book", file.path])
        #expect(explore.status == 1)
        #expect(
            explore.output.contains(
                "  before it: dataLoss: relaunch at line 6: items: [ ] Milk acknowledged at line 3 is missing\n"))
    }

    /// `--app` leaves out the other apps' scenarios, and keeps one that does not parse, to report it.
    @Test func appRunsOnlyThatAppsScenariosAndStillReportsABrokenOne() throws {
        let broken = try Self.temporaryScenario("app hiitfit\nlaunhc\n")
        defer { try? FileManager.default.removeItem(at: broken.deletingLastPathComponent()) }
        let result = try Self.harness([
            "run", "--app", "namestofaces", "Scenarios/reports", "Scenarios/namestofaces/first-launch.scenario",
            broken.path,
        ])
        let lines = result.output.split(separator: "\n").map(String.init)
        let reports = try FileManager.default.contentsOfDirectory(atPath: "Scenarios/reports").filter { name in
            let text = try String(contentsOfFile: "Scenarios/reports/" + name, encoding: .utf8)
            return text.split(separator: "\n").contains {
                $0 == "app namestofaces" || $0.hasPrefix("app namestofaces ")
            }
        }
        #expect(!reports.isEmpty)
        #expect(lines.filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }.count == reports.count + 2)
        #expect(lines.contains { $0.hasPrefix("FAIL \(broken.path): invalid scenario") })
        #expect(!lines.contains { $0.contains("hiitfit") || $0.contains("checklists") })
    }
}
