import Foundation

/// The explorer's findings over every scenario explored: JSON, terminal and HTML forms.
public struct ExploreReport: Sendable, Codable {
    public var edition: String
    public var schedules: Int
    public var outcomes: [String: Int]
    public var runs: [ExploredRun]
    public var scenarios: [ScenarioSummary]
    public var reproductions: [String]
    /// With `--shard`: which part of which job this is, for `harness merge`.
    public var shard: ShardLabel?

    /// Coverage and problems of one scenario.
    public struct ScenarioSummary: Sendable, Codable {
        public var scenario: String
        public var schedules: Int
        public var sitesReached: [String]
        public var faultsFired: [String: Int]
        public var neverFired: [String]
        public var notApplicable: [String]
        public var problem: String?
        public var errors: [String]
        public var replayed: Int
        public var nondeterministic: [String]
        public var unreproduced: [String]
    }

    public init(edition: String, explorations: [ScenarioExploration]) {
        let scenarios = explorations.map {
            ScenarioSummary(
                scenario: $0.scenario, schedules: $0.runs.count, sitesReached: $0.sitesReached,
                faultsFired: $0.faultsFired, neverFired: $0.neverFired, notApplicable: $0.notApplicable,
                problem: $0.problem, errors: $0.errors, replayed: $0.replayed,
                nondeterministic: $0.nondeterministic, unreproduced: $0.unreproduced)
        }
        self.init(edition: edition, scenarios: scenarios, runs: explorations.flatMap(\.runs))
    }

    /// The report of these scenarios and their runs (each scenario's runs together, in its order), with the totals.
    init(edition: String, scenarios: [ScenarioSummary], runs: [ExploredRun]) {
        self.edition = edition
        self.scenarios = scenarios
        self.runs = runs
        schedules = runs.count
        var counts = Dictionary(uniqueKeysWithValues: OutcomeClass.allCases.map { ($0.rawValue, 0) })
        for run in runs { counts[run.outcome.rawValue, default: 0] += 1 }
        outcomes = counts
        reproductions = runs.compactMap(\.reproduction)
    }

    /// Runs the harness could not carry out: the exploration is incomplete.
    public var harnessErrors: Int { runs.filter { $0.outcome == .harnessError }.count }

    /// Whether the app under test lost data, overwrote silently, trapped or hung anywhere.
    public var foundFailures: Bool {
        runs.contains { $0.outcome.isFailure }
            || scenarios.contains { $0.problem != nil || !$0.nondeterministic.isEmpty }
    }

    public func json() throws -> String { try ReportJSON.text(self) }

    /// `N schedules: a passed, b alerted, ...` per scenario and in total.
    public var summary: String {
        func line(_ runs: [ExploredRun]) -> String {
            let parts = OutcomeClass.allCases.map { outcome in
                "\(runs.filter { $0.outcome == outcome }.count) \(outcome.rawValue)"
            }
            return "\(runs.count) schedules: " + parts.joined(separator: ", ")
        }
        var lines: [String] = []
        for scenario in scenarios {
            let mine = runs.filter { $0.scenario == scenario.scenario }
            if let problem = scenario.problem {
                lines.append("\(scenario.scenario): not explored: \(problem)")
                lines += scenario.errors.map { "  " + $0 }
                continue
            }
            lines.append("\(scenario.scenario): \(line(mine))")
            lines += scenario.unreproduced.map { "  no reproduction: " + $0 }
            for run in mine where run.outcome.isFailure && run.reproduction != nil {
                let place = run.isFaultFree ? "in the fault-free run" : "at \(run.site) with '\(run.fault)'"
                lines.append("  \(run.outcome.rawValue) \(place)\(run.message.map { ": \($0)" } ?? "")")
                lines.append("    reproduction: \(run.reproduction!)")
            }
            // Runs that tell nothing about the app, by what went wrong.
            var errors: [(message: String, runs: [ExploredRun])] = []
            for run in mine where run.outcome == .harnessError {
                let message = run.message ?? "no message"
                if let index = errors.firstIndex(where: { $0.message == message }) {
                    errors[index].runs.append(run)
                } else {
                    errors.append((message, [run]))
                }
            }
            for (message, same) in errors {
                let first = same[0]
                lines.append(
                    "  \(same.count) harnessError, the first at \(first.site) with '\(first.fault)': "
                        + message)
            }
        }
        let replayed = scenarios.map(\.replayed).reduce(0, +)
        if replayed > 0 {
            let differing = scenarios.flatMap(\.nondeterministic)
            lines.append("determinism: \(replayed) schedules replayed in a second worker, \(differing.count) differed")
            lines += differing.map { "  " + $0 }
        }
        // A scenario not explored has no runs: the total says so, or it would read as if it had passed.
        let unexplored = scenarios.filter { $0.problem != nil }.count
        let notExplored = unexplored == 0 ? "" : "; \(unexplored) scenario\(unexplored == 1 ? "" : "s") not explored"
        lines.append("total (\(edition)): \(line(runs))\(notExplored)")
        return lines.map { ControlCharacters.escaped($0) }.joined(separator: "\n")
    }
}
