import Foundation
import Sandbox

/// Runs a scenario's steps without its expectations in a worker process first, so that record and
/// import never run app code that traps or hangs in the harness's own process, and never write
/// down a trap, a hang or a run the harness could not carry out as what the app shows.
struct SafeRun {
    let plugins: PluginRegistry
    let edition: String?
    let seed: UInt64
    let timeout: Double

    /// Why the steps of `scenario` cannot be recorded, or nil when they run to the end.
    func refusal(_ scenario: Scenario, text: String) -> RecordRefusal? {
        // The scenario's own `expect verdict` stays: it excuses a loss the scenario expects.
        let steps = Set(
            scenario.steps.indices.filter { index in
                if case .expect(let expectation) = scenario.steps[index].command { return expectation.isVerdict }
                return true
            })
        let source = ScenarioSource(scenario: scenario, text: text)
        let stripped = ScenarioText(file: scenario.file, text: source.text(keeping: steps))
        let isolated = IsolatedRunner(executable: IsolatedRunner.currentExecutable)
        isolated.timeout = timeout
        let job = WorkerJob(scenario: stripped, edition: edition, seed: seed)
        let result = isolated.result(of: job, scenario: scenario)
        switch result.outcome {
        case .passed: return nil
        case .failed: return RecordRefusal(outcome: "failed", detail: result.failure?.report ?? "")
        case .trapped(let message): return RecordRefusal(outcome: "trapped", detail: message)
        case .hung(let message): return RecordRefusal(outcome: "hung", detail: message)
        case .harnessError(let message):
            return RecordRefusal(outcome: "harness error", detail: message, isHarnessError: true)
        }
    }

    /// Runs `text` whole in a worker: the check that what was written holds.
    func verify(_ text: String, file: String) throws(RecordRefusal) {
        let source = ScenarioText(file: file, text: text)
        let scenario: Scenario
        do {
            scenario = try source.parse(plugins: plugins)
        } catch {
            let detail = error.errors.map(\.description).joined(separator: "\n")
            throw RecordRefusal(outcome: "invalid scenario", detail: detail)
        }
        let isolated = IsolatedRunner(executable: IsolatedRunner.currentExecutable)
        isolated.timeout = timeout
        let result = isolated.result(of: WorkerJob(scenario: source, edition: edition, seed: seed), scenario: scenario)
        guard result.passed else {
            throw RecordRefusal(
                outcome: "\(result.outcome) when run again",
                detail: result.failure?.report ?? "", isHarnessError: result.outcome.isHarnessError)
        }
    }
}

/// Why a scenario's outcome was not written down as expected: the run did not end in a state the
/// app shows (it failed, trapped, hung, or the harness could not carry it out).
struct RecordRefusal: Error, Sendable {
    /// `trapped`, `hung`, `failed`, `harness error`.
    var outcome: String
    /// The trap's message, the failing step.
    var detail: String
    var isHarnessError = false

    /// `FILE: not recorded: the run trapped: Index out of range`.
    func message(file: String) -> String {
        "\(file): not recorded: the run \(outcome)" + (detail.isEmpty ? "" : ":\n" + detail)
    }
}
