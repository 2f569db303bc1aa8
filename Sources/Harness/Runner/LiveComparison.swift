import Foundation
import Sandbox

/// `--live`: runs a fault-free scenario with the app's files on the real disk, in a
/// fresh temporary folder that is removed afterwards, and compares the outcome.
enum LiveComparison {
    /// Why the live run differs from the simulated one, or nil when they agree or the
    /// scenario cannot run live (it arms faults or crashes the phone).
    static func difference(scenario: Scenario, simulated: RunResult, edition: String?) -> String? {
        guard isLiveRunnable(scenario) else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = LiveFileSystem(root: folder)
        do { try files.createContainer() } catch { return "could not create \(folder.path): \(error)" }
        let live = ScenarioRunner(edition: edition, seed: simulated.seed, liveFiles: files).run(scenario)
        guard live.outcome != simulated.outcome || live.failure?.location != simulated.failure?.location else {
            return nil
        }
        let liveFailure = live.failure.map { " at \($0.location): found \($0.found)" } ?? ""
        return "simulated run \(simulated.outcome), live run \(live.outcome)\(liveFailure)"
    }

    /// Fault-free scenarios whose crashes (if any) are kills, which keep every write on a real disk too.
    static func isLiveRunnable(_ scenario: Scenario) -> Bool {
        scenario.steps.allSatisfy { step in
            switch step.command {
            case .fault, .powerLoss: return false
            case .expect(.operationCount), .expect(.fileCount): return false
            default: return true
            }
        }
    }

    /// A new folder in the temporary folder for one scenario's live runs; the caller removes it.
    static func makeFolder() throws(LiveFolderProblem) -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-live-\(UUID().uuidString)")
        try makeDirectory(folder)
        return folder
    }

    /// A fresh container for one run inside `folder` (from `makeFolder`), so that a retry or a replay of a
    /// run never finds what an earlier one left.
    static func freshContainer(in folder: String) throws(LiveFolderProblem) -> LiveFileSystem {
        let root = URL(fileURLWithPath: folder).appendingPathComponent("run-\(UUID().uuidString)")
        // Never its parents: a container outside the harness's folder would outlive the run.
        try makeDirectory(root)
        let files = LiveFileSystem(root: root)
        do {
            try files.createContainer()
        } catch {
            throw LiveFolderProblem(path: root.path, why: error.localizedDescription)
        }
        return files
    }

    /// Only the owner may look: the folder holds the scenario's data in the shared temporary folder.
    private static func makeDirectory(_ url: URL) throws(LiveFolderProblem) {
        guard mkdir(url.path, 0o700) == 0 else {
            let code = errno
            let parent = url.deletingLastPathComponent().path
            let why = code == ENOENT ? "no such folder '\(parent)'" : FileProblem.describe(errno: code, path: url.path)
            throw LiveFolderProblem(path: url.path, why: why)
        }
    }
}

/// Why no folder for a live run could be made: the folder and the reason (`permission denied`).
struct LiveFolderProblem: Error, Sendable, CustomStringConvertible {
    var path: String
    var why: String

    var description: String { "could not create '\(path)': \(why)" }
}
