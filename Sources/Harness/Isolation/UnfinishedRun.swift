import Foundation
import Sandbox

/// Turns a run whose worker never answered, because the app trapped or hung, into a run
/// result that fails at the step that was running, with what the worker said before it ended.
enum UnfinishedRun {
    /// A pass when the scenario's next step for this edition is a matching `expect trapped`,
    /// else a trapped run.
    static func trapped(
        scenario: Scenario, edition: String, seed: UInt64, progress: JobProgress,
        message: String
    ) -> RunResult {
        let applicable = applicableSteps(scenario, edition)
        let trapping = progress.step ?? applicable.first
        if let trapping, let next = applicable.first(where: { $0 > trapping }).map({ scenario.steps[$0] }),
            !next.negated, case .expect(.trapped(let text)) = next.command,
            text.map({ message.localizedCaseInsensitiveContains($0) }) ?? true
        {
            return result(
                scenario, edition, seed, .passed, failing: nil, found: "", progress: progress,
                stepsRun: applicable.filter { $0 <= trapping }.count + 1)
        }
        return result(
            scenario, edition, seed, .trapped(message: message), failing: trapping,
            found: "the app trapped: \(message)", progress: progress,
            stepsRun: trapping.map { index in applicable.filter { $0 <= index }.count } ?? 0)
    }

    /// A run whose step never returned.
    static func hung(
        scenario: Scenario, edition: String, seed: UInt64, progress: JobProgress,
        message: String
    ) -> RunResult {
        let applicable = applicableSteps(scenario, edition)
        let hanging = progress.step ?? applicable.first
        return result(
            scenario, edition, seed, .hung(message: message), failing: hanging,
            found: "it never returned: \(message)", progress: progress,
            stepsRun: hanging.map { index in applicable.filter { $0 <= index }.count } ?? 0)
    }

    private static func applicableSteps(_ scenario: Scenario, _ edition: String) -> [Int] {
        scenario.steps(for: edition).map(\.index)
    }

    /// The result, failing at the step at `failing` with the last operations the worker streamed,
    /// and the trace of every step it started.
    private static func result(
        _ scenario: Scenario, _ edition: String, _ seed: UInt64, _ outcome: RunOutcome,
        failing: Int?, found: String, progress: JobProgress, stepsRun: Int
    ) -> RunResult {
        var failure: StepFailure?
        if let failing {
            let step = scenario.steps[failing]
            failure = StepFailure(
                location: step.location, step: step.text, expected: "the step to finish",
                found: found, operationsTail: Array(progress.operations.suffix(8)))
        }
        var trace = progress.events.map { event -> String in
            switch event {
            case .step(let index): return scenario.steps[index].traceHeading
            case .operation(let line): return "  " + ControlCharacters.escaped(line)
            }
        }
        if let failure { trace.append(failure.traceLine) }
        // Fail closed: a run that never finished is never `passed`, even when `expect trapped` held.
        let ending = failing.map { " at line \(scenario.steps[$0].location.line)" } ?? ""
        let verdict: (OutcomeClass, String?) =
            switch outcome {
            case .hung(let message): (.hang, "hung\(ending): \(message)")
            case .trapped(let message): (.trap, "trapped\(ending): \(message)")
            default: (.trap, "trapped, as the scenario expects")
            }
        return RunResult(
            file: scenario.file, edition: edition, seed: seed, outcome: outcome, failure: failure,
            stepsRun: stepsRun, trace: trace.joined(separator: "\n"), operations: [], exploration: nil,
            verdict: verdict.0, verdictMessage: verdict.1)
    }
}
