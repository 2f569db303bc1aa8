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
}
