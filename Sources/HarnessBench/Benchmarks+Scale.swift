import Foundation
import Harness
import Sandbox

extension Benchmarks {
    /// History sizes, in days, whose cost per schedule shows whether exploring grows linearly.
    static let scaleSizes = [100, 1000, 10_000]
    /// Schedules explored per size and round: a 10,000-day run costs seconds of CPU.
    static let scaleSchedules = 2

    /// Peak memory on a 1,000-operation scenario, and cost per schedule and peak memory as the history grows.
    func scale() throws -> [BenchFigure] {
        var figures = [try memoryOfALongScenario()]
        log("scale: \(Self.scaleSizes.map(String.init).joined(separator: ", ")) days")
        let files = try Self.scaleSizes.map { days in
            try GeneratedScenarios.write(
                GeneratedScenarios.history(days: days), name: "scale-\(days).scenario", in: scratch)
        }
        let costs = try Rounds.measure(longRounds, files.map { file in { try costPerSchedule(file) } })
        for (index, days) in Self.scaleSizes.enumerated() {
            figures.append(
                try BenchFigure(
                    name: "scale.\(days)days.schedulesPerCPUSecond", rounds: costs.map { 1 / $0[index] }, target: nil,
                    divides: "explored schedules / CPU seconds (bench process and workers, fault-free runs included)",
                    detail: "\(Self.scaleSchedules) schedules of a \(days)-day history: "
                        + "\(milliseconds(median(costs, index))) each"))
        }
        // Linear cost a + b·days: the extra cost of 1,000→10,000 days is ten times that of 100→1,000.
        let linearity = costs.map { ($0[2] - $0[1]) / ($0[1] - $0[0]) / 10 }
        figures.append(
            try BenchFigure(
                name: "scale.linearity", rounds: linearity, target: .atMost(1.5),
                divides: "(cost(10000 days) - cost(1000)) / (cost(1000) - cost(100)) / 10, cost being the CPU time "
                    + "per explored schedule: 1 is linear",
                detail: "costs per schedule: "
                    + Self.scaleSizes.indices.map { milliseconds(median(costs, $0)) }.joined(separator: ", ")))
        try ChildProcesses.awaitAllReaped()
        figures.append(
            try BenchFigure(
                name: "scale.10000days.peakMegabytes", rounds: [CPUTime.childrenPeakMegabytes], target: .atMost(100),
                divides: "peak resident memory of any worker so far, MB: the 10,000-day history's (measured once)",
                detail: "over every round of the sizes above"))
        return figures
    }

    /// Run before any other worker, so that the peak memory of all workers so far is this scenario's.
    private func memoryOfALongScenario() throws -> BenchFigure {
        log("scale: a 1,000-operation scenario")
        let file = try GeneratedScenarios.write(
            GeneratedScenarios.checklist(operations: 1000), name: "ops-1000.scenario", in: scratch)
        let scenario = try ScenarioParser.parse(
            contentsOf: URL(fileURLWithPath: file), displayPath: file, plugins: plugins)
        let operations = ScenarioRunner().run(scenario).operations.count
        let explorer = Explorer(executable: executable, plugins: plugins, edition: "hardened")
        explorer.scheduleLimit = 60
        _ = try explore(explorer, file)
        try ChildProcesses.awaitAllReaped()
        return try BenchFigure(
            name: "scale.memory1000Operations", rounds: [CPUTime.childrenPeakMegabytes], target: .atMost(200),
            divides: "peak resident memory of the workers, MB (measured once: it does not vary with load)",
            detail: "exploring 60 schedules of a \(operations)-operation scenario")
    }

    /// CPU time per schedule of exploring the first schedules of `file`.
    private func costPerSchedule(_ file: String) throws -> Double {
        let explorer = Explorer(executable: executable, plugins: plugins, edition: "hardened")
        explorer.scheduleLimit = Self.scaleSchedules
        var runs = 0
        let cost = try CPUTime.spent { runs = try explore(explorer, file).runs.count }
        guard runs == Self.scaleSchedules else {
            throw BenchError("\(file): \(runs) of \(Self.scaleSchedules) schedules ran")
        }
        return cost / Double(runs)
    }
}
