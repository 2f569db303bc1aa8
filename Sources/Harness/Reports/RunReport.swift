import Foundation

/// `harness run --json`: each scenario's outcome in the order run, then the totals. It holds no timings:
/// the same run gives the same bytes.
public struct RunReport: Sendable, Codable {
    public var edition: String
    public var passed: Int
    public var failed: Int
    /// Scenarios the harness could not run (harness errors): neither passed nor failed.
    public var notRun: Int
    /// Scenarios that failed as the known-failures record says (`--known-failures`): neither passed nor failed.
    public var knownFailures: Int
    public var scenarios: [ScenarioOutcome]
    /// With `--shard`: which part of which job this is, for `harness merge`.
    public var shard: ShardLabel?

    /// One scenario file's outcome. Text is kept as the scenario and the app gave it (JSON escapes it).
    public struct ScenarioOutcome: Sendable, Codable {
        public var scenario: String
        /// `passed`, `failed`, `trapped`, `hung`, `harness error` or `invalid scenario`, as the terminal line says.
        public var outcome: String
        /// Whether it counts as passed: it passed, and on `--live` the real disk agreed.
        public var passed: Bool
        /// The trap, hang or harness error message, or why a listed scenario that passed fails.
        public var message: String?
        /// The judge's verdict on the run (`passed`, `dataLoss`, ...); nil for a scenario that could not be parsed.
        public var verdict: OutcomeClass?
        /// For a verdict worse than `alerted`: what was lost and at which step line.
        public var verdictMessage: String?
        /// Where it failed: the step that failed or trapped, or the first mistake in the file.
        public var location: ScenarioLocation?
        /// The step that failed or trapped.
        public var failure: StepFailure?
        /// Each mistake in the file (`file:line:column: message`), or why it could not be run.
        public var errors: [String]
        /// With `--live`: how the run on the real disk differed.
        public var live: String?
        /// With `--trace`: every step with the operations it caused.
        public var trace: String?
        /// With `--known-failures`: the record's line that lists the scenario, `file:line:column: reason`. A listed
        /// scenario must fail: one that failed is a known failure, one whose outcome is `passed` counts as failed.
        public var knownFailure: String?

        /// Failed as the known-failures record says it does.
        var failedAsKnown: Bool { knownFailure != nil && outcome != "passed" && outcome != "harness error" }

        init(_ report: ScenarioSuiteRunner.Report, tracing: Bool) {
            scenario = report.file
            passed = report.passed
            errors = report.errors.map(\.description)
            failure = report.result?.failure
            location = report.errors.first?.location ?? failure?.location
            trace = tracing ? report.result?.trace : nil
            live = report.live
            knownFailure = report.listing.map { "\($0.location): \($0.reason)" }
            guard errors.isEmpty, let result = report.result else {
                outcome = "invalid scenario"
                return
            }
            verdict = result.verdict
            verdictMessage = result.verdictMessage
            switch result.outcome {
            case .passed:
                outcome = "passed"
                message = report.listing?.passesNow
            case .failed: outcome = "failed"
            case .trapped(let text):
                outcome = "trapped"
                message = text
            case .hung(let text):
                outcome = "hung"
                message = text
            case .harnessError(let text):
                outcome = "harness error"
                message = text
                errors = ["not run: harness error: \(text)"]
            }
        }
    }

    public init(edition: String, scenarios: [ScenarioOutcome]) {
        self.edition = edition
        self.scenarios = scenarios
        passed = scenarios.filter(\.passed).count
        notRun = scenarios.filter { $0.outcome == "harness error" }.count
        knownFailures = scenarios.filter(\.failedAsKnown).count
        failed = scenarios.count - passed - notRun - knownFailures
    }

    /// `N passed, M failed`, and the known failures and the scenarios not run when there are any.
    public var totals: String {
        "\(passed) passed, \(failed) failed" + (knownFailures > 0 ? ", \(knownFailures) failed as known" : "")
            + (notRun > 0 ? ", \(notRun) not run (harness errors)" : "")
    }

    public func json() throws -> String { try ReportJSON.text(self) }
}
