import Foundation
import Testing

@testable import Harness

/// A `--live` job in a worker: its files go only into a fresh container inside the folder the harness gave it,
/// and a folder it cannot use is a harness error, never a pass.
@Suite struct LiveWorkerTests {
    static let added = "app checklists\nlaunch\nitem add Milk\nkill\nlaunch\nexpect items: [ ] Milk\n"

    static func job(in folder: URL) -> WorkerJob {
        var job = WorkerJob(scenario: ScenarioText(file: "a.scenario", text: Self.added), edition: nil)
        job.liveFolder = folder.path
        return job
    }

    @Test func eachLiveRunHasAFreshContainerInsideTheHarnesssFolder() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = IsolatedRunner(executable: Corpus.harness)
        defer { runner.shutDown() }
        for _ in 0..<2 {
            guard case .finished(let result) = runner.run(Self.job(in: folder)) else {
                Issue.record("the live job did not finish")
                return
            }
            #expect(result.passed, "\(result.outcome): \(result.failure?.summary ?? "")")
        }
        let containers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(containers.count == 2 && containers.allSatisfy { $0.hasPrefix("run-") }, "\(containers)")
        for container in containers {
            let documents = folder.appendingPathComponent(container).appendingPathComponent("Documents")
            let saved = try FileManager.default.contentsOfDirectory(atPath: documents.path)
            #expect(saved == ["Checklists.plist"], "each run saved its item in its own container")
        }
    }

    @Test func aLiveJobWhoseFolderIsGoneIsAHarnessErrorAndMakesNoFolder() throws {
        let folder = try CommandLineTests.temporaryFolder()
        try FileManager.default.removeItem(at: folder)
        let runner = IsolatedRunner(executable: Corpus.harness)
        defer { runner.shutDown() }
        guard case .harnessError(let message) = runner.run(Self.job(in: folder)) else {
            Issue.record("a live job with no folder was not a harness error")
            return
        }
        #expect(message.contains("no such folder '\(folder.path)'"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// A worker that serves each job in a real worker of its own, except a live job, on which it dies as a worker
    /// killed from outside does (and declines to be a fork server's template, so every worker is one of these).
    static func killedOnLiveJobs(in folder: URL) throws -> URL {
        let script = folder.appendingPathComponent("worker")
        let text = """
            #!/bin/sh
            [ "$2" = "--template" ] && exit 1
            while IFS= read -r line; do
                case "$line" in
                *harness-live-*) printf '%s\\n' "$line" > '\(folder.path)/live-job'; kill -KILL $$ ;;
                *) printf '%s\\n' "$line" | HARNESS_PARENT_PID=$$ '\(Corpus.harness.path)' worker ;;
                esac
            done

            """
        try text.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    @Test func aLiveRunNoWorkerCouldCarryOutMakesTheScenarioAHarnessErrorAndLeavesNoFolder() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("added.scenario")
        try Self.added.write(to: file, atomically: true, encoding: .utf8)
        let runner = ScenarioSuiteRunner(
            executable: try Self.killedOnLiveJobs(in: folder), plugins: Corpus.plugins, edition: "hardened")
        let simulated = runner.run(file: file.path)
        #expect(simulated.passed, "\(simulated.summaryLine)")
        let live = runner.runLive(simulated)
        #expect(!live.passed && live.isHarnessError)
        let killed = "the worker was killed by SIGKILL"
        #expect(
            live.summaryLine == "ERROR \(file.path): not run: harness error: on the real disk: \(killed); "
                + "retried in a fresh worker: \(killed)")
        let job = try String(contentsOf: folder.appendingPathComponent("live-job"), encoding: .utf8)
        let liveFolder = try #require(WorkerJob(line: String(job.dropLast()))?.liveFolder)
        #expect(!FileManager.default.fileExists(atPath: liveFolder), "the harness removed the folder of the live job")
    }
}
