import Foundation
import HarnessTesting
import Testing

/// `run --update` stopped by strace where it finishes its write: the scenario stays whole, and no temporary file
/// outlives the harness that made it.
extension OutputPathTests {
    /// How the write is stopped: the calls strace stops it at, and what it does there.
    enum Interruption: String, CaseIterable, Sendable {
        /// Terminated once the temporary file is written, before the rename: the harness removes that file.
        case terminatedBeforeRename = "fsync:signal=SIGTERM"
        /// Killed at the rename, which nothing survives: the file is left, and the next write beside it removes it.
        case killedAtRename = "/^rename:signal=SIGKILL"
        /// The rename fails: the system's reason, status 3.
        case renameFails = "/^rename:error=EIO"
    }

    @Test(
        .enabled(if: Strace.usable, "strace is missing or cannot trace here"), arguments: Interruption.allCases)
    func anInterruptedUpdateLeavesTheScenarioWholeAndNoTemporaryFile(interruption: Interruption) throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = OutputPathTests.Flag.update.before
        let scenario = folder.appendingPathComponent("stale.scenario").path
        try before.write(toFile: scenario, atomically: false, encoding: .utf8)
        let calls = String(interruption.rawValue.prefix { $0 != ":" })
        // The test's threads block SIGTERM, and a child starts with its parent thread's mask: unblocked for it.
        var terminate = sigset_t()
        sigemptyset(&terminate)
        sigaddset(&terminate, SIGTERM)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &terminate, &mask)
        defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
        let result = try ExecutableRun(
            try #require(Strace.executable),
            [
                "-f", "-qq", "-o", folder.appendingPathComponent("calls.txt").path, "-e", "trace=\(calls)",
                "-e", "inject=\(interruption.rawValue)", Corpus.harness.path, "run", "--update", scenario,
            ], in: folder)
        #expect(try String(contentsOfFile: scenario, encoding: .utf8) == before)
        let temporary = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix(".harness-output-")
        }
        switch interruption {
        case .terminatedBeforeRename:
            #expect(result.status == 128 + SIGTERM || result.status == SIGTERM, "ended by the signal")
            #expect(temporary == [])
        case .killedAtRename:
            #expect(temporary.count == 1, "a killed harness cannot remove its file")
            let again = try CommandLineTests.harness(["run", "--update", scenario], in: folder)
            #expect(again.output == "\(scenario): updated 1 line\n", "\(again.errors)")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasPrefix(".harness-output-")
            }
            #expect(left == [], "the next write beside it removed it")
        case .renameFails:
            #expect(result.status == 3)
            #expect(
                result.errors.hasSuffix(
                    "harness: cannot write '--update' file '\(scenario)': Input/output error; the file is left as it "
                        + "was\n"))
            #expect(temporary == [])
        }
    }
}
