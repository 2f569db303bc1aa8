import Foundation
import Sandbox
import Testing

@testable import Harness

/// `--live`'s own pieces: what it says of a run on the real disk, and where each such run's files go.
@Suite struct LiveComparisonTests {
    static func result(_ outcome: RunOutcome, failingAt line: Int? = nil) -> RunResult {
        var result = RunResult.notRun(file: "a.scenario", edition: "book", seed: 0, message: "")
        result.outcome = outcome
        result.failure = line.map {
            StepFailure(
                location: ScenarioLocation(file: "a.scenario", line: $0, column: 1), step: "launch",
                expected: "the step to finish", found: "it did not", operationsTail: [])
        }
        return result
    }

    @Test func aTrapOrHangOnTheRealDiskIsToldEvenWhereTheSimulatedRunDidTheSame() {
        let passed = Self.result(.passed)
        let trapped = Self.result(.trapped(message: "Fatal error: boom"), failingAt: 7)
        let trap = "the app trapped on the real disk at a.scenario:7:1: Fatal error: boom"
        #expect(LiveComparison.difference(simulated: passed, live: trapped) == trap)
        #expect(LiveComparison.difference(simulated: trapped, live: trapped) == trap)
        let hung = Self.result(.hung(message: "no answer"), failingAt: 3)
        #expect(
            LiveComparison.difference(simulated: hung, live: hung)
                == "the app hung on the real disk at a.scenario:3:1: no answer")
        #expect(LiveComparison.difference(simulated: passed, live: passed) == nil)
        #expect(
            LiveComparison.difference(simulated: trapped, live: passed)
                == "simulated run trapped: Fatal error: boom, live run passed")
    }

    @Test func eachRunHasAFreshContainerInsideTheFolderItIsGivenAndNeverMakesThatFolder() throws {
        // Not `makeFolder`'s name: a command-line test counts the `harness-live-` folders.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-containers-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try LiveComparison.freshContainer(in: folder.path)
        try Data("x".utf8).write(to: first.root.appendingPathComponent("Documents/a"))
        let second = try LiveComparison.freshContainer(in: folder.path)
        #expect(first.root != second.root)
        #expect(try FileManager.default.contentsOfDirectory(atPath: second.root.path + "/Documents").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
        try FileManager.default.removeItem(at: folder)
        #expect {
            try LiveComparison.freshContainer(in: folder.path)
        } throws: { error in
            (error as? LiveFolderProblem)?.why == "no such folder '\(folder.path)'"
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path), "the harness's folder is the harness's to make")
    }

    /// After a live run that differs: a folder that is gone or takes no write is the host's failure; one that does,
    /// none.
    @Test func theHostIsBlamedOnlyWhenItsFolderFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-host-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(LiveComparison.hostProblem(in: folder.path) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "the probe is removed")
        try FileManager.default.removeItem(at: folder)
        #expect(
            LiveComparison.hostProblem(in: folder.path)
                == "the run's folder '\(folder.path)' is gone (No such file or directory)")
    }
}
