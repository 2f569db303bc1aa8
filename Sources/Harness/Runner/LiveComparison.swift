import Foundation
import Sandbox

/// `--live`: a fault-free scenario run again with the app's files on the real disk, and its outcome compared
/// with the simulated run's. The harness makes a folder of its own for a scenario's live runs and removes it
/// afterwards, whatever became of them; each run makes a fresh container inside it.
package enum LiveComparison {
    /// Why the live run differs from the simulated one, or nil when they agree. A trap or a hang on the real
    /// disk is always told: that run never finished, so nothing it did was compared.
    static func difference(simulated: RunResult, live: RunResult) -> String? {
        let place = live.failure.map { " at \($0.location)" } ?? ""
        switch live.outcome {
        case .trapped(let message): return "the app trapped on the real disk\(place): \(message)"
        case .hung(let message): return "the app hung on the real disk\(place): \(message)"
        default: break
        }
        guard live.outcome != simulated.outcome || live.failure?.location != simulated.failure?.location else {
            return nil
        }
        let liveFailure = live.failure.map { " at \($0.location): found \($0.found)" } ?? ""
        return "simulated run \(simulated.outcome), live run \(live.outcome)\(liveFailure)"
    }

    /// Why the host, not the app, may be behind a live run that did not agree with the simulated one (or trapped or
    /// hung), or nil: the run's folder is gone, or a new file of `probeSize` bytes cannot be written and synced in it
    /// (a full, read-only or failing disk). The app's own writes are a few kilobytes: a disk that cannot take this
    /// much could not take them.
    static func hostProblem(in folder: String) -> String? {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            return "the run's folder '\(folder)' is gone (\(String(cString: strerror(errno))))"
        }
        let probe = folder + "/.harness-host-check"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            return "the run's folder '\(folder)' takes no new file (\(String(cString: strerror(errno))))"
        }
        defer { unlink(probe) }
        do {
            try OutputCalls.live.writeAll(repeatElement(0, count: probeSize), to: descriptor)
            try OutputCalls.live.perform(.fsync) { Int(fsync(descriptor)) }
            close(descriptor)
        } catch {
            close(descriptor)
            return "the temporary folder cannot take the app's files: \(error.reason) (writing \(probeSize) bytes in "
                + "'\(folder)')"
        }
        return nil
    }

    /// 64 KiB.
    static let probeSize = 1 << 16

    /// Fault-free scenarios whose crashes (if any) are kills, which keep every write on a real disk too.
    package static func isLiveRunnable(_ scenario: Scenario) -> Bool {
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
