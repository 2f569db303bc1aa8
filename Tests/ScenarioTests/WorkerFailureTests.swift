import Foundation
import HarnessTesting
import Testing

/// What the harness does when its workers, its executable or its scenario are taken away
/// mid-run, as a hostile user (or the OOM killer) would: never a false green.
@Suite struct WorkerFailureTests {
    static let scenario = "Scenarios/hiitfit/done-exercises-survive-relaunch.scenario"

    /// Each run's outcome, by the schedule that named it.
    static func outcomesBySchedule(_ json: [String: Any]) -> [String: String] {
        let runs = json["runs"] as? [[String: Any]] ?? []
        var outcomes: [String: String] = [:]
        for run in runs {
            let key = "\(run["operation"] ?? "") \(run["fault"] ?? "") \(run["seed"] ?? "")"
            outcomes[key] = run["outcome"] as? String
        }
        return outcomes
    }

    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// The undisturbed explorations the disturbed ones are held to.
    static let undisturbed: [String: [String: String]] = {
        var found: [String: [String: String]] = [:]
        for edition in ["hardened", "book"] {
            let result = try? CommandLineTests.harness(["explore", "--json", "--edition", edition, scenario])
            found[edition] = outcomesBySchedule(json(result?.output ?? ""))
        }
        return found
    }()

    @Test func aWorkerKilledFromOutsideIsRetriedNotBlamedOnTheApp() throws {
        let harness = try RunningHarness(["explore", "--json", Self.scenario])
        let worker = try #require(harness.firstWorker())
        kill(worker, SIGKILL)
        let result = try #require(harness.finish())
        let outcomes = Self.outcomesBySchedule(Self.json(result.output))
        #expect(result.status == 0, "\(result.output.suffix(600))")
        #expect(!outcomes.isEmpty)
        #expect(outcomes == Self.undisturbed["hardened"])
    }

    @Test func aStoppedWorkerIsKilledAtTheDeadlineAndTheRunRetried() throws {
        let harness = try RunningHarness(["explore", "--json", "--timeout", "2", Self.scenario])
        let worker = try #require(harness.firstWorker())
        kill(worker, SIGSTOP)
        let result = try #require(harness.finish(), "the exploration never ended with its worker stopped")
        #expect(result.status == 0, "\(result.output.suffix(600))")
        #expect(Self.outcomesBySchedule(Self.json(result.output)) == Self.undisturbed["hardened"])
        #expect(ChildProcesses.isGone(worker))
    }

    enum BinaryLoss: String, CaseIterable { case renamed, deleted }

    @Test("Runs that could not start a worker are harness errors, never passes", arguments: BinaryLoss.allCases)
    func losingTheExecutableMidExplorationIsAHarnessError(_ loss: BinaryLoss) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-bin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("harness")
        // Copied by `cp`: a descriptor this process opened on the copy would be inherited by any process another
        // test starts meanwhile, and the copy could not be run while that one lives ("Text file busy").
        let copied = try ExecutableRun(URL(fileURLWithPath: "/bin/cp"), [Corpus.harness.path, copy.path])
        try #require(copied.status == 0, "\(copied.errors)")
        // The book edition traps often, so the exploration must keep starting workers.
        let page = folder.appendingPathComponent("matrix.html")
        // Exec'd workers: a fork server started before the loss would go on serving without the file.
        let harness = try RunningHarness(
            ["explore", "--json", "--edition", "book", "--html", page.path, Self.scenario],
            executable: copy, environment: ["HARNESS_WORKERS": "exec"])
        _ = try #require(harness.firstWorker())
        switch loss {
        case .renamed: try FileManager.default.moveItem(at: copy, to: folder.appendingPathComponent("moved"))
        case .deleted: try FileManager.default.removeItem(at: copy)
        }
        let result = try #require(harness.finish())
        #expect(result.status == 3)
        let outcomes = Self.outcomesBySchedule(Self.json(result.output))
        let undisturbed = try #require(Self.undisturbed["book"])
        #expect(outcomes.keys.sorted() == undisturbed.keys.sorted())
        #expect(outcomes.values.contains("harnessError"))
        // Every run either ran and was judged as without the loss, or says it could not run.
        let misjudged = outcomes.filter { $0.value != "harnessError" && $0.value != undisturbed[$0.key] }
        #expect(misjudged.isEmpty, "\(misjudged.prefix(5))")
        #expect(result.errors.contains("harnessError") || result.output.contains("\"harnessError\""))
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains(": harnessError (could not start a worker"))
    }

    @Test func deletingTheScenarioMidExplorationChangesNoVerdict() throws {
        let original = Corpus.path("hiitfit/done-exercises-survive-relaunch.scenario")
        let text = try String(contentsOfFile: original, encoding: .utf8)
        let file = try CommandLineTests.temporaryScenario(text, name: "done-exercises.scenario")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let harness = try RunningHarness(["explore", "--json", "--edition", "book", file.path])
        _ = try #require(harness.firstWorker())
        try FileManager.default.removeItem(at: file)
        let result = try #require(harness.finish())
        #expect(result.status == 1)
        #expect(Self.outcomesBySchedule(Self.json(result.output)) == Self.undisturbed["book"])
    }

    @Test func aWorkerEndsWhenItsParentIsKilled() throws {
        let file = try CommandLineTests.temporaryScenario("app checklists\nlaunch\n", name: "launch.scenario")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        // The app never returns, so the worker would wait for it forever.
        let harness = try RunningHarness(["run", file.path], environment: ["HARNESS_TEST_HANG_AT": "urls Documents"])
        let worker = try #require(harness.firstWorker())
        kill(harness.process.processIdentifier, SIGKILL)
        _ = harness.finish()
        let gone = ChildProcesses.waitUntilGone(worker, within: 20)
        #expect(gone, "the worker outlived its parent")
        if !gone { kill(worker, SIGKILL) }
    }

    #if os(Linux)
        @Test func killedProcessesGiveTheirThreadsBack() throws {
            // 150 launches that die inside a seam call, 150 killed between two calls, then a launch that hangs.
            let dying = Array(repeating: "launch", count: 150)
            let killed = Array(repeating: "launch\nkill", count: 150)
            let text =
                (["app checklists", "fault urls Documents crash-after every"] + dying + ["faults clear"] + killed
                + ["launch"]).joined(separator: "\n") + "\n"
            let file = try CommandLineTests.temporaryScenario(text, name: "kills.scenario")
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let harness = try RunningHarness(
                ["run", "--timeout", "3", file.path],
                environment: ["HARNESS_TEST_HANG_AT": "p301 urls"])
            let worker = try #require(harness.firstWorker())
            // Watched for its whole life, which ends hung after the 300 kills.
            var most = 0
            while let threads = ChildProcesses.threads(of: worker), !ChildProcesses.isGone(worker) {
                most = max(most, threads)
                usleep(20_000)
            }
            let result = try #require(harness.finish())
            #expect(result.output.contains("kills.scenario:454:1: launch"), "\(result.output)")
            #expect(result.output.contains("hung: no answer within 3 s"))
            #expect(most > 0 && most < 10, "a worker held \(most) threads")
        }
    #endif

    @Test func anAppThatNeverReturnsIsAHangWithAReproduction() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-hang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let hook = ["HARNESS_TEST_HANG_AT": "no URL (fault)"]
        let explore = try RunningHarness(
            [
                "explore", "--json", "--timeout", "1", "--write-repros", folder.path,
                "Scenarios/checklists/first-launch.scenario",
            ], environment: hook)
        let result = try #require(explore.finish())
        #expect(result.status == 1)
        let json = Self.json(result.output)
        let outcomes = ExplorerTests.outcomes(json)
        #expect(outcomes["hang"] == 2)
        #expect(outcomes["harnessError"] == 0)
        let runs = json["runs"] as? [[String: Any]] ?? []
        let hang = try #require(runs.first { $0["outcome"] as? String == "hang" && $0["reproduction"] != nil })
        #expect(hang["fault"] as? String == "fault urls Documents no-url")
        let reproduction = try #require(hang["reproduction"] as? String)
        let replaying = try RunningHarness(["run", "--timeout", "1", reproduction], environment: hook)
        let replay = try #require(replaying.finish())
        #expect(replay.status == 1)
        #expect(replay.output.contains("hung: no answer within 1 s in two fresh workers"))
        #expect(replay.output.contains("checklists-first-launch-hang.scenario:6:1: launch"))
    }
}
