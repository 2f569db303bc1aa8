import Foundation
import HabitsPlugin
import Harness
import HarnessTesting
import Testing

/// A user's own app under the harness, through the public products only: the Habits app's
/// `HabitStore` (not in this repository's apps; its own file name and JSON format) as a plug-in
/// with an edition of its own, its scenarios as test cases, and an exploration run by the user's
/// own command line, `HabitsCLI` (`HarnessCommand.main(plugins: [.habits])`), as its worker.
enum Habits {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scenarios")
    static let cli = BuildProducts.executable(named: "HabitsCLI")
    static let scenarios = ScenarioFolder(folder, plugins: [.habits], worker: cli)

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `HabitsCLI` with `arguments`.
    static func run(_ arguments: [String]) throws -> ExecutableRun { try ExecutableRun(cli, arguments) }
}

@Suite struct UserPluginTests {
    @Test("A Habits scenario passes", arguments: Habits.scenarios.files)
    func scenario(_ file: ScenarioFile) {
        Habits.scenarios.check(file)
    }

    @Test func everyScenarioOfTheFolderIsATestCase() {
        #expect(
            Habits.scenarios.files.map(\.path) == [
                "habits-survive-background.scenario", "killed-before-background-loses-the-habit.scenario",
                "streak-grows-day-by-day.scenario", "version-1-file-loads.scenario",
            ])
    }

    /// The plug-in's own renderer: what `--record` writes for Habits holds when run again.
    @Test func recordWritesWhatTheHabitsScreenShowsAsALineThatHolds() throws {
        let folder = try Habits.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("recorded.scenario")
        try "app habits\nclock 2026-03-01 08:00 UTC\nlaunch\nhabit add Read\nhabit done Read\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try Habits.run(["run", "--record", file.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try String(contentsOf: file, encoding: .utf8).hasSuffix("habit done Read\nexpect habits: Read 1\n"))
        #expect(try Habits.run(["run", file.path]).status == 0)
    }

    @Test func aFolderWithNoScenariosIsOneFailingCaseNotAnEmptyPass() throws {
        let empty = try Habits.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        for folder in [empty, empty.appendingPathComponent("missing")] {
            let scenarios = ScenarioFolder(folder, plugins: [.habits], worker: Habits.cli)
            let file = try #require(scenarios.files.first)
            #expect(scenarios.files.count == 1)
            let report = scenarios.run(file)
            #expect(!report.passed)
            #expect(
                report.errors.first?.message.contains("no .scenario files") == true
                    || report.errors.first?.message.contains("no such file or folder") == true,
                "\(report.errors)")
            withKnownIssue { scenarios.check(file) }
        }
    }

    @Test func aFailingStepIsRecordedAtTheScenariosOwnLine() throws {
        let folder = try Habits.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "app habits\nlaunch\nhabit add Read\nexpect habits: Read 1\n"
            .write(to: folder.appendingPathComponent("wrong-streak.scenario"), atomically: true, encoding: .utf8)
        let scenarios = ScenarioFolder(folder, plugins: [.habits], worker: Habits.cli)
        let file = try #require(scenarios.files.first)
        withKnownIssue {
            scenarios.check(file)
        } matching: { issue in
            issue.sourceLocation?.fileName == "wrong-streak.scenario" && issue.sourceLocation?.line == 4
                && issue.sourceLocation?.column == 1 && "\(issue)".contains("found:    Read 0")
        }
    }

    @Test func theExplorerFindsTheHabitsLostBeforeTheBackgroundAndReproducesThem() throws {
        let repros = try Habits.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: repros) }
        let plugins = try PluginRegistry([.habits])
        let explorer = Explorer(executable: Habits.cli, plugins: plugins, reproductionFolder: repros)
        defer { explorer.shutDown() }
        let scenario = Habits.folder.appendingPathComponent("habits-survive-background.scenario")
        let exploration = explorer.explore(file: scenario.path)
        #expect(exploration.problem == nil)
        #expect(exploration.edition == "mine")
        #expect(exploration.runs.count > 50)
        let lost = try #require(exploration.runs.first { $0.outcome == .dataLoss && $0.reproduction != nil })
        let reproduction = try #require(lost.reproduction)
        let replay = ScenarioSuiteRunner(executable: Habits.cli, plugins: plugins).run(file: reproduction)
        #expect(replay.result?.outcome == .failed, "\(replay.details ?? "")")
        #expect(exploration.runs.contains { $0.outcome == .trap }, "no Documents folder: `urls(for:)[0]`")
    }

    /// `harness` does not know the user's edition: messages and reproductions name the program they ran.
    @Test func theUsersCommandLineNamesItselfInErrorsAndReproductions() throws {
        let bogus = try Habits.run(["run", "--bogus"])
        #expect(bogus.status == 2)
        #expect(bogus.errors == "HabitsCLI: unknown option '--bogus'; see 'HabitsCLI --help'\n")
        #expect(try Habits.run(["--help"]).output.hasPrefix("USAGE: HabitsCLI [run] [PATH ...]"))
        let repros = try Habits.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: repros) }
        let scenario = Habits.folder.appendingPathComponent("habits-survive-background.scenario")
        let explore = try Habits.run(["explore", scenario.path, "--write-repros", repros.path])
        #expect(explore.status == 1, "\(explore.errors)")
        let written = try FileManager.default.contentsOfDirectory(atPath: repros.path)
        let name = try #require(written.first { $0.hasSuffix("-dataLoss.scenario") }, "\(written)")
        let reproduction = repros.appendingPathComponent(name)
        let header = try String(contentsOf: reproduction, encoding: .utf8).split(separator: "\n").prefix(3)
        #expect(
            header.first.map(String.init)
                == "# Found by `HabitsCLI explore --edition mine`: dataLoss (relaunch after the fault: "
                + "@habits holds data the app does not show, and no alert was raised).")
        #expect(header.last == "#   HabitsCLI run --edition mine THIS-FILE")
        // The command the header gives fails the reproduction, as the exploration did.
        let replay = try Habits.run(["run", "--edition", "mine", reproduction.path])
        #expect(replay.status == 1, "\(replay.output)")
    }

    @Test func theUsersCommandLineRunsItsOwnAppAndEditionsOnly() throws {
        let run = try Habits.run(["run", Habits.folder.path])
        #expect(run.status == 0)
        #expect(run.output.hasSuffix("4 passed, 0 failed\n"), "\(run.output)")
        let edition = try Habits.run(["run", "--edition", "book", Habits.folder.path])
        #expect(edition.status == 2)
        #expect(edition.errors.contains("unknown edition 'book' for '--edition' (expected one of: mine)"))
        let help = try Habits.run(["--help"])
        #expect(help.output.contains("habits (editions: mine)"))
    }
}
