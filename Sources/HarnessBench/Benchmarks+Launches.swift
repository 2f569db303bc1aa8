import Foundation
import Harness

extension Benchmarks {
    /// The CPU cost of a 3,000-launch scenario over a 1,000-launch one: 3 when a launch costs
    /// the same however many came before it.
    func launchLinearity() throws -> BenchFigure {
        log("launch linearity: 1,000 and 3,000 launches")
        let files = try [3000, 1000].map { launches in
            try GeneratedScenarios.write(
                GeneratedScenarios.launches(launches), name: "launches-\(launches).scenario", in: scratch)
        }
        let costs = try Rounds.measure(
            longRounds,
            files.map { file in
                { try CPUTime.spent { try runAsHarnessRuns(file) } }
            })
        return try BenchFigure(
            name: "launchLinearity", rounds: costs.map { $0[0] / $0[1] }, target: .atMost(3.5),
            divides: "CPU time of running a 3,000-launch scenario / a 1,000-launch one (launch and kill, repeated) "
                + "as `harness run` does, bench process and worker: 3 is linear",
            detail: "\(milliseconds(median(costs, 0))) / \(milliseconds(median(costs, 1)))")
    }

    /// As `harness run` runs a file: parsed here, run in a worker that sends the whole result back.
    private func runAsHarnessRuns(_ file: String) throws {
        let report = ScenarioSuiteRunner(executable: executable, plugins: plugins, edition: "hardened").run(file: file)
        guard report.passed, let steps = report.scenario?.steps.count, report.result?.stepsRun == steps else {
            throw BenchError("\(file): \(report.summaryLine) \(report.details ?? "")")
        }
    }
}
