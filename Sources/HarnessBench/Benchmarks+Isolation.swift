import Foundation
import Harness
import Sandbox

extension Benchmarks {
    /// The app folder and the scenario of the crash figures, and how many of its crash states the numerator's
    /// processes go through (each costs two process starts).
    static let crashFolder = "checklists"
    static let crashScenario = "\(crashFolder)/every-change-is-saved.scenario"
    static let processStates = 12

    /// One process per crash state (plus one to look at it) on a real disk, the CrashMonkey way,
    /// over crash-point exploration in one worker, per crash state; and over what each state adds to
    /// that exploration, apart from what it costs to explore no state at all (the worker's start, the
    /// fault-free run and reading the scenario), which the first figure shares out over the states.
    func crashStates() throws -> [BenchFigure] {
        let file = try corpusFile(Self.crashScenario)
        log("crash states: \(file)")
        let processStates = Self.processStates
        var states = 0
        let costs = try Rounds.measure(
            rounds,
            [
                { try processCostPerState(file, states: processStates) },
                {
                    let explorer = Explorer(executable: executable, plugins: plugins, edition: "hardened")
                    explorer.scheduleFilter = Self.crashesAfterKill
                    return try CPUTime.spent { states = try explore(explorer, file).runs.count }
                },
                {
                    let explorer = Explorer(executable: executable, plugins: plugins, edition: "hardened")
                    explorer.scheduleFilter = { _ in false }
                    return try CPUTime.spent { try exploreFaultFreeOnly(explorer, file) }
                },
            ])
        let perState = costs.map { $0[1] / Double(states) }
        let added = try costs.map { round in
            let cost = (round[1] - round[2]) / Double(states)
            // Noise larger than the states' own cost leaves nothing to divide by: no figure beats a wrong one.
            guard cost > 0 else { throw BenchError("crash states: exploring no state cost as much as \(states)") }
            return cost
        }
        let whole = try BenchFigure(
            name: "crashStatesInProcessSpeedup", rounds: zip(costs, perState).map { $0[0] / $1 },
            target: .atLeast(50),
            divides: "CPU time per crash state with one process per state plus one to check it, on a real temporary "
                + "folder / CPU time per crash state explored in one worker (bench process and workers)",
            detail: "\(processStates) states in processes: \(milliseconds(median(costs, 0))) each; "
                + "\(states) states in one worker: \(milliseconds(median(costs, 1) / Double(states))) each, "
                + "of which exploring no state costs \(milliseconds(median(costs, 2))) in all")
        let marginal = try BenchFigure(
            name: "crashStatesAddedSpeedup", rounds: zip(costs, added).map { $0[0] / $1 }, target: nil,
            divides: "CPU time per crash state with one process per state plus one to check it / CPU time each crash "
                + "state adds to exploring in one worker (exploring the states less exploring none)",
            detail: "\(milliseconds(median(costs, 0))) / \(milliseconds(Spread(added)?.median ?? .nan)) per state")
        return [whole, marginal]
    }

    /// The schedules of crash-point exploration: a kill right after each operation.
    static func crashesAfterKill(_ schedule: Schedule) -> Bool {
        if case .crashAfter(.kill) = schedule.rule?.fault { true } else { false }
    }

    /// CPU time per crash state of `file` with one process per state plus one to look at it, on a real disk.
    func processCostPerState(_ file: String, states: Int) throws -> Double {
        try CPUTime.spent { try onOneCPU { _ in try crashStatesInProcesses(file, count: states) } } / Double(states)
    }

    /// Explores `file` with no schedule: the worker's start, the fault-free run and the scenario's reading. Throws
    /// unless the fault-free run was carried out to the end.
    func exploreFaultFreeOnly(_ explorer: Explorer, _ file: String) throws {
        let exploration = explorer.explore(file: file)
        explorer.shutDown()
        if let problem = exploration.problem { throw BenchError("\(file): \(problem)") }
        let unfinished: [OutcomeClass] = [.harnessError, .trap, .hang]
        guard exploration.runs.count == 1, let run = exploration.runs.first, !unfinished.contains(run.outcome) else {
            throw BenchError("\(file): the fault-free run was not carried out alone")
        }
    }

    /// The processes start from this thread and keep to its CPU (see `onOneCPU`).
    private func crashStatesInProcesses(_ file: String, count: Int) throws {
        for state in 1...count {
            let folder = scratch.appendingPathComponent("crash-\(state)").path
            try runChild(["crash-state", file, "--dir", folder, "--exit-after", String(state)])
            try runChild(["crash-state", file, "--dir", folder, "--check"])
            try FileManager.default.removeItem(atPath: folder)
        }
    }

    private func runChild(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let command = ([executable.lastPathComponent] + arguments).joined(separator: " ")
            throw BenchError("\(command) exited with status \(process.terminationStatus)")
        }
    }

    /// One fresh process per schedule over a worker restarted only after a trap, on an
    /// exploration where many schedules trap.
    func trapIsolation() throws -> BenchFigure {
        let file = try corpusFile("hiitfit/done-exercises-survive-relaunch.scenario")
        log("trap isolation: book edition of \(file)")
        var perProcess: [OutcomeClass] = []
        var explored: [OutcomeClass] = []
        // Every schedule: which ones trap cluster on a few operations, so a sample would change their share.
        let costs = try Rounds.measure(
            longRounds,
            [
                {
                    try CPUTime.spent {
                        perProcess = try onOneCPU { try judgedInFreshProcesses(file, edition: "book", cpu: $0) }
                    }
                },
                {
                    try CPUTime.spent {
                        explored = try explore(
                            Explorer(executable: executable, plugins: plugins, edition: "book"), file
                        ).runs.map(\.outcome)
                    }
                },
            ])
        // Both ways must have done the same work: the same verdict for every schedule.
        guard perProcess == explored else {
            throw BenchError("trap isolation: one process per schedule and the explorer judged the runs differently")
        }
        return try BenchFigure(
            name: "trapIsolationSpeedup", rounds: costs.map { $0[0] / $0[1] }, target: .atLeast(10),
            divides: "CPU time of one fresh process per schedule, each run judged against the fault-free record "
                + "(run once) / CPU time of the explorer, whose worker is restarted after each trap",
            detail: "\(explored.count) schedules, \(explored.filter { $0 == .trap }.count) of which trap: "
                + "\(milliseconds(median(costs, 0))) / \(milliseconds(median(costs, 1)))")
    }

    /// What a tool with no reusable worker does: one process runs the fault-free run, then a fresh
    /// process runs each schedule, and each run is judged against the fault-free record.
    private func judgedInFreshProcesses(_ file: String, edition: String, cpu: Int?) throws -> [OutcomeClass] {
        let runner = IsolatedRunner(executable: executable)
        runner.freshWorkerPerJob = true
        runner.cpu = cpu
        defer { runner.shutDown() }
        let source = try ScenarioText(contentsOf: file)
        let faultFree = try finishedRun(WorkerJob(scenario: source, edition: edition, mode: .faultFree), in: runner)
        guard let baseline = faultFree.exploration else {
            throw BenchError("\(file): the fault-free run kept no record")
        }
        let schedules = ScheduleGenerator.schedules(after: faultFree, edition: edition, seed: 0)
        return try schedules.map { schedule in
            let job = WorkerJob(
                scenario: source, edition: edition, seed: schedule.seed, mode: schedule.mode,
                includeOperations: false)
            switch runner.run(job) {
            case .finished(let result):
                guard let record = result.exploration else { throw BenchError("\(file): a run kept no record") }
                return record.outcome(against: baseline)
            case .trapped: return .trap
            // The app's own failure, as the explorer counts it; only a run not carried out measured nothing.
            case .hung: return .hang
            case .harnessError(let problem): throw BenchError("\(file): \(problem)")
            case .judged: throw BenchError("\(file): the worker judged a run it was asked to return")
            }
        }
    }

    /// Runs `body` on this thread kept to one CPU, given that CPU for its workers, as the explorer's lone lane
    /// runs: both sides of a figure then pay the same for a hand-off between processes.
    private func onOneCPU<Value>(_ body: (Int?) throws -> Value) throws -> Value {
        let cpu = CPUPinning.cpus(forLanes: 1)[0]
        CPUPinning.pin(0, to: cpu)
        defer { CPUPinning.pin(0, to: nil) }
        return try body(cpu)
    }
}
