import Foundation
import Sandbox

/// Turns "the worker died at step N" into a run result: a pass when the scenario's
/// next step for this edition is a matching `expect trapped`, else a trapped run.
enum TrapResolution {
    static func result(scenario: Scenario, edition: String, seed: UInt64, step: Int?, message: String) -> RunResult {
        let applicable = scenario.steps.indices.filter { scenario.steps[$0].condition?.holds(for: edition) ?? true }
        let trappingIndex = step ?? applicable.first
        var failure: StepFailure?
        var outcome = RunOutcome.trapped(message: message)
        if let trappingIndex {
            let trapping = scenario.steps[trappingIndex]
            let next = applicable.first { $0 > trappingIndex }.map { scenario.steps[$0] }
            if let next, !next.negated, case .expect(.trapped(let text)) = next.command,
               text.map({ message.localizedCaseInsensitiveContains($0) }) ?? true {
                outcome = .passed
            } else {
                failure = StepFailure(location: trapping.location, step: trapping.text,
                                      expected: "the step to finish", found: "the app trapped: \(message)", operationsTail: [])
            }
        }
        let stepsRun = trappingIndex.map { index in applicable.filter { $0 <= index }.count } ?? 0
        return RunResult(file: scenario.file, edition: edition, seed: seed, outcome: outcome, failure: failure,
                         stepsRun: stepsRun + (outcome == .passed ? 1 : 0), trace: "", operations: [], exploration: nil)
    }
}
