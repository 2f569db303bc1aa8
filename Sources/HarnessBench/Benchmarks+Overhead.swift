import Foundation
import Harness
import Sandbox

extension Benchmarks {
    /// One schedule in this many of the overhead exploration is run: all of them would take
    /// most of a minute a round.
    static let overheadSampling = 10

    /// The CPU cost of exploring a history over the CPU cost of the app's own encoding and
    /// decoding of that history, called as often as the explored runs call it.
    func overhead(days: Int) throws -> BenchFigure {
        log("overhead: a \(days)-day history")
        let file = try GeneratedScenarios.write(
            GeneratedScenarios.history(days: days), name: "overhead.scenario", in: scratch)
        let history = try AppSerialization.History(xml: GeneratedScenarios.historyPlist(days: days))
        // Not measured: which schedules run, and how often each run encodes and decodes.
        let (faultFree, all, sample) = try sampledSchedules(file, stride: Self.overheadSampling)
        let calls = try serializationCalls(file, faultFree: faultFree, schedules: sample)
        let sampled = Set(sample)
        let costs = try Rounds.measure(
            rounds,
            [
                {
                    try CPUTime.spent {
                        let explorer = Explorer(executable: executable, plugins: plugins, edition: "hardened")
                        explorer.scheduleFilter = { sampled.contains($0) }
                        let runs = try explore(explorer, file).runs.count
                        guard runs == sample.count else {
                            throw BenchError("overhead: \(runs) of \(sample.count) schedules ran")
                        }
                    }
                },
                { try CPUTime.spent { try history.serialize(calls) } },
            ])
        let runs = Double(sample.count + 1)
        return try BenchFigure(
            name: "overhead", rounds: costs.map { $0[0] / $0[1] }, target: .atMost(1.25),
            divides: "CPU time of exploring (bench process and workers) / CPU time of the app's own "
                + "decode (bytes to days) and encode of the history, called as often as those runs do",
            detail: "\(sample.count) of \(all) schedules (one in \(Self.overheadSampling)) of a \(days)-day history "
                + "and the fault-free run: \(milliseconds(median(costs, 0) / runs)) per run; they decode "
                + "\(calls.decodes) and encode \(calls.encodes) times: "
                + "\(milliseconds(median(costs, 1) / runs)) per run")
    }

    /// The fault-free run of `file` (in a worker), how many schedules it has, and one in `stride` of them.
    private func sampledSchedules(_ file: String, stride: Int) throws -> (RunResult, Int, [Schedule]) {
        let runner = IsolatedRunner(executable: executable)
        defer { runner.shutDown() }
        let job = WorkerJob(scenario: try ScenarioText(contentsOf: file), edition: "hardened", mode: .faultFree)
        let faultFree = try finishedRun(job, in: runner)
        let all = ScheduleGenerator.schedules(after: faultFree, edition: "hardened", seed: 0)
        return (faultFree, all.count, all.enumerated().filter { $0.offset % stride == 0 }.map(\.element))
    }

    /// How often the app decodes and encodes its history in the fault-free run and in each schedule's.
    private func serializationCalls(
        _ file: String, faultFree: RunResult,
        schedules: [Schedule]
    ) throws -> AppSerialization.Calls {
        let runner = IsolatedRunner(executable: executable)
        defer { runner.shutDown() }
        let source = try ScenarioText(contentsOf: file)
        return try schedules.reduce(AppSerialization.calls(in: faultFree.operations)) { calls, schedule in
            let job = WorkerJob(
                scenario: source, edition: "hardened", seed: schedule.seed, mode: schedule.mode)
            return calls + AppSerialization.calls(in: try finishedRun(job, in: runner).operations)
        }
    }
}
