import Foundation
import Harness
import Sandbox

extension Benchmarks {
    /// The fault-free corpus scenarios on the real disk and on the simulated world.
    func simulatedVersusLive() throws -> BenchFigure {
        log("simulated vs live: fault-free corpus scenarios")
        let scenarios =
            try corpus
            .map { try ScenarioParser.parse(contentsOf: URL(fileURLWithPath: $0), displayPath: $0, plugins: plugins) }
            .filter(LiveComparison.isLiveRunnable)
        let costs = try Rounds.measure(
            rounds,
            [
                { try CPUTime.spent { try runLive(scenarios) } },
                { try CPUTime.spent { for scenario in scenarios { try checkRan(ScenarioRunner().run(scenario)) } } },
            ])
        return try BenchFigure(
            name: "simulatedVsLive", rounds: costs.map { $0[0] / $0[1] }, target: nil,
            divides: "CPU time of the fault-free corpus scenarios on the real disk / on the simulated world (in the "
                + "bench process; time spent waiting for the disk is not counted)",
            detail: "\(scenarios.count) scenarios: "
                + "\(milliseconds(median(costs, 0))) / \(milliseconds(median(costs, 1)))")
    }

    /// Each scenario in a fresh container of its own under the scratch folder, removed after.
    private func runLive(_ scenarios: [Scenario]) throws {
        for (index, scenario) in scenarios.enumerated() {
            let folder = scratch.appendingPathComponent("live-\(index)")
            let files = LiveFileSystem(root: folder)
            try files.createContainer()
            try checkRan(ScenarioRunner(liveFiles: files).run(scenario))
            try FileManager.default.removeItem(at: folder)
        }
    }

    private func checkRan(_ result: RunResult) throws {
        guard result.stepsRun > 0 else { throw BenchError("\(result.file): no step ran") }
    }
}
