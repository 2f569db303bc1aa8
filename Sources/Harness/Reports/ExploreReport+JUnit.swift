extension ExploreReport {
    /// `--junit`: a test case per scenario, with a failure per failing class (each of its runs a line, at the
    /// step that made the faulted operation) and per replay that differed; a scenario not explored as an error.
    var junit: JUnitReport {
        guard let entries else { preconditionFailure("a report's runs are its scenarios' schedules, in order") }
        return JUnitReport(
            name: "harness explore (\(edition))",
            cases: entries.map { file, entry in
                let summary = entry.summary
                var testCase = JUnitReport.TestCase(file: file, line: 1)
                if let problem = summary.problem {
                    let message = "\(file): not explored: \(problem)" + (summary.errors.first.map { "; \($0)" } ?? "")
                    testCase.errors.append(.init(type: "not explored", message: message, details: summary.errors))
                }
                for outcome in OutcomeClass.allCases where outcome.isFailure {
                    let failing = entry.runs.filter { $0.outcome == outcome }
                    guard let first = failing.first else { continue }
                    if testCase.failures.isEmpty { testCase.line = max(first.location?.line ?? 1, 1) }
                    let count = "\(failing.count) of \(summary.schedules) schedules \(outcome.rawValue)"
                    testCase.failures.append(
                        .init(
                            type: outcome.rawValue,
                            message: "\(Self.place(first)): \(count); "
                                + "first: \(Self.describe(first))",
                            details: failing.map { "\(Self.place($0)): \(Self.describe($0))" }))
                }
                if !summary.nondeterministic.isEmpty {
                    let message =
                        "\(file): \(summary.nondeterministic.count) of \(summary.replayed) schedules "
                        + "differed when replayed in a second worker"
                    testCase.failures.append(
                        .init(
                            type: "nondeterministic", message: message,
                            details: summary.nondeterministic))
                }
                return testCase
            })
    }

    /// `file:line:column` of the step that made the faulted operation, else the file.
    private static func place(_ run: ExploredRun) -> String { run.location?.description ?? run.scenario }

    /// `#2 p1 urls Documents: 1 URL with 'fault urls Documents no-url' (seed 0): message; reproduction: path`.
    private static func describe(_ run: ExploredRun) -> String {
        (run.isFaultFree ? "the fault-free run" : "\(run.site) with '\(run.fault)'") + " (seed \(run.seed))"
            + (run.message.map { ": \($0)" } ?? "")
            + (run.reproduction.map { "; reproduction: \($0)" } ?? "")
    }
}
