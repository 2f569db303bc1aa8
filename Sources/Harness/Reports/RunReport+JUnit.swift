extension RunReport {
    /// `--junit`: a test case per scenario; a failing or trapping step as a failure at its line, a scenario that
    /// could not run as an error.
    var junit: JUnitReport {
        JUnitReport(
            name: "harness run (\(edition))",
            cases: scenarios.map { scenario in
                var testCase = JUnitReport.TestCase(file: scenario.scenario, line: max(scenario.location?.line ?? 1, 1))
                testCase.verdict = scenario.verdict
                if scenario.failedAsKnown {
                    // Expected to fail: skipped, not failed, with the record's line; how it failed is in the JSON.
                    testCase.knownFailure = scenario.knownFailure
                } else if scenario.knownFailure != nil, let message = scenario.message {
                    testCase.failures.append(.init(type: "listed as known to fail", message: message, details: []))
                } else if !scenario.errors.isEmpty {
                    testCase.errors.append(
                        .init(
                            type: scenario.outcome, message: scenario.errors[0],
                            details: scenario.errors))
                } else if let failure = scenario.failure {
                    // A failing verdict names the failure: `dataLoss`, not `failed`.
                    let type = scenario.verdict.flatMap { $0.isFailure ? $0.rawValue : nil } ?? scenario.outcome
                    testCase.failures.append(
                        .init(
                            type: type, message: failure.summary,
                            details: failure.report.split(separator: "\n").map(String.init)))
                } else if let message = scenario.message {
                    testCase.failures.append(.init(type: scenario.outcome, message: "trapped: \(message)", details: []))
                }
                if let live = scenario.live {
                    testCase.failures.append(.init(type: "live", message: "live: \(live)", details: []))
                }
                return testCase
            })
    }
}
