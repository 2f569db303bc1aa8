import Foundation
import Harness

extension Benchmarks {
    /// One process per crash state over crash-point exploration of a whole app folder in one worker, per crash
    /// state: what exploring costs once in use, its fixed costs (the worker's start, each scenario's fault-free run)
    /// shared out over every state of the folder rather than one scenario's.
    func crashStatesInAFolder() throws -> BenchFigure {
        let processFile = try corpusFile(Self.crashScenario)
        let files = corpus.filter { $0.contains("/\(Self.crashFolder)/") }
        log("crash states: the \(files.count) scenarios of \(Self.crashFolder)")
        var states = 0
        let costs = try Rounds.measure(
            rounds,
            [
                { try processCostPerState(processFile, states: Self.processStates) },
                { try CPUTime.spent { states = try exploreCrashStates(files) } },
            ])
        return try BenchFigure(
            name: "crashStatesFolderSpeedup", rounds: costs.map { $0[0] / ($0[1] / Double(states)) }, target: nil,
            divides: "CPU time per crash state with one process per state plus one to check it / CPU time per crash "
                + "state of exploring every scenario of an app folder in one worker (bench process and worker)",
            detail: "\(Self.processStates) states in processes: \(milliseconds(median(costs, 0))) each; "
                + "\(states) states of \(files.count) scenarios (\(Self.crashFolder)) in one worker: "
                + "\(milliseconds(median(costs, 1) / Double(states))) each")
    }

    /// Explores the crash states of `files` in one worker; the number of states. Throws unless every one was carried
    /// out.
    private func exploreCrashStates(_ files: [String]) throws -> Int {
        let explorer = Explorer(executable: executable, plugins: plugins, edition: "hardened")
        explorer.scheduleFilter = Self.crashesAfterKill
        defer { explorer.shutDown() }
        var states = 0
        for (file, exploration) in zip(files, explorer.explore(files: files)) {
            if let problem = exploration.problem { throw BenchError("\(file): \(problem)") }
            if let lost = exploration.runs.first(where: { $0.outcome == .harnessError }) {
                throw BenchError("\(file): \(lost.fault) was not carried out: \(lost.message ?? "")")
            }
            states += exploration.runs.filter { !$0.isFaultFree }.count
        }
        guard states > 0 else { throw BenchError("\(Self.crashFolder): no crash state was explored") }
        return states
    }

    /// What exploring one scenario costs before its first schedule: the CPU time of exploring it with every
    /// schedule left out.
    func explorationFixedCost() throws -> BenchFigure {
        let file = try corpusFile(Self.crashScenario)
        log("fixed cost: \(file) explored with no schedule")
        let costs = try Rounds.measure(
            rounds,
            [
                {
                    let explorer = Explorer(executable: executable, plugins: plugins, edition: "hardened")
                    explorer.scheduleFilter = { _ in false }
                    return try CPUTime.spent { try exploreFaultFreeOnly(explorer, file) }
                }
            ])
        return try BenchFigure(
            name: "explorationFixedCostMilliseconds", rounds: costs.map { $0[0] * 1000 }, target: nil,
            divides: "CPU time of exploring one scenario with no schedule, ms (bench process and worker): reading and "
                + "planning, the worker's start and end, the fault-free run",
            detail: "\(file), which has 34 crash states (see crashStatesInProcessSpeedup)")
    }
}
