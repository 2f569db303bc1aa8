import Foundation
import Harness
import Testing

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
}
