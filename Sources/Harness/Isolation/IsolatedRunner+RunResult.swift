import Foundation
import Sandbox

extension IsolatedRunner {
    /// Runs `job`, a plain run of `scenario`, and gives its result whatever happened to the
    /// worker: a trap or hang fails at the step that was running, and a run the harness could
    /// not carry out says so instead of passing or failing.
    public func result(of job: WorkerJob, scenario: Scenario) -> RunResult {
        let runner = ScenarioRunner(edition: job.edition, seed: job.seed)
        let seed = runner.effectiveSeed(for: scenario)
        let edition = runner.editionName(for: scenario)
        switch run(job) {
        case .finished(let result):
            return result
        case .trapped(let progress, let message):
            let result = UnfinishedRun.trapped(
                scenario: scenario, edition: edition, seed: seed,
                progress: progress, message: message)
            guard !result.passed || job.reply == .tracedResult else { return result }
            return replayed(job, scenario: scenario, edition: edition, seed: seed) ?? result
        case .hung(let progress, let message):
            return UnfinishedRun.hung(
                scenario: scenario, edition: edition, seed: seed, progress: progress,
                message: message)
        case .judged:
            return .notRun(file: job.file, edition: edition, seed: seed, message: "the worker judged a plain run")
        case .harnessError(let message):
            return .notRun(file: job.file, edition: edition, seed: seed, message: message)
        }
    }

    /// The trapped run again, in a fresh worker that streams each operation as it happens: the
    /// operations that led to the trap die with the worker otherwise. Nil if it did not trap again.
    private func replayed(_ job: WorkerJob, scenario: Scenario, edition: String, seed: UInt64) -> RunResult? {
        var streaming = job
        streaming.reply = .streamedResult
        guard case .trapped(let progress, let message) = run(streaming) else { return nil }
        return UnfinishedRun.trapped(
            scenario: scenario, edition: edition, seed: seed, progress: progress,
            message: message)
    }
}
