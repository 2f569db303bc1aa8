import Foundation
import Sandbox

/// Explores every fault and crash point of scenarios: SQLite's loop over the
/// operations of a fault-free run, each run judged by the oracles, failures shrunk
/// to reproductions.
public final class Explorer {
    /// The edition to explore; nil: each scenario's app's default edition.
    public let edition: String?
    /// The apps the scenarios may name.
    public let plugins: PluginRegistry
    public let seed: UInt64
    /// Where reproductions are written (nil: not written).
    public let reproductionFolder: URL?
    /// Told after every run: (runs done, runs planned) for the current scenario.
    public var progress: ((String, Int, Int) -> Void)?
    /// Only schedules this accepts are run (the benchmarks explore crash points alone).
    public var scheduleFilter: ((Schedule) -> Bool)?
    /// At most this many schedules per scenario, in order.
    public var scheduleLimit: Int?
    /// Replays every schedule in a second worker process and compares outcome and trace hash.
    public var verifyDeterminism = false
    /// How many schedules run at once, each in its own worker; the report does not depend on it.
    public var jobs = 1
    /// The first reproduction that could not be written (a full disk): no more are tried, and the command fails.
    private(set) var failedReproductionWrite: OutputError?
    /// Runs the fault-free run, the reproducer's runs and the first lane's schedules.
    let isolated: IsolatedRunner
    /// One runner per lane: the first is `isolated`.
    private var lanes: [IsolatedRunner]
    /// With `verifyDeterminism`: one replaying runner per lane.
    private var replayLanes: [IsolatedRunner] = []

    /// `executable` serves the runs as `executable worker`: a harness built with the same plug-ins.
    public init(
        executable: URL, plugins: PluginRegistry, edition: String? = nil, seed: UInt64 = 0,
        reproductionFolder: URL? = nil
    ) {
        self.edition = edition
        self.plugins = plugins
        self.seed = seed
        self.reproductionFolder = reproductionFolder
        self.isolated = IsolatedRunner(executable: executable)
        lanes = [isolated]
    }

    /// Ends the workers and waits for them to exit.
    public func shutDown() {
        for runner in lanes + replayLanes { runner.shutDown() }
    }

    /// Workers started so far: one per lane, plus one after each trap.
    public var workersStarted: Int { lanes.map(\.workersStarted).reduce(0, +) }

    /// How long one run may take before it is retried, then called a hang (see `IsolatedRunner.timeout`).
    public var timeout: Double {
        get { isolated.timeout }
        set { for runner in lanes + replayLanes { runner.timeout = newValue } }
    }

    /// `count` runners set up as `isolated` is, kept for the next exploration.
    private func runners(_ count: Int, in kept: inout [IsolatedRunner]) -> [IsolatedRunner] {
        while kept.count < count {
            let runner = IsolatedRunner(executable: isolated.executable)
            runner.timeout = isolated.timeout
            kept.append(runner)
        }
        return Array(kept.prefix(count))
    }

    /// Reads the scenario once, then explores it: no later change to the file alters a verdict.
    public func explore(file: String) -> ScenarioExploration { explore(files: [file])[0] }

    /// Explores each file as `explore(file:)` does. The files' fault-free runs run side by side, then all their
    /// schedules, so that no lane waits for the end of a file; the reports are the same for any `jobs`.
    public func explore(files: [String]) -> [ScenarioExploration] {
        let width = max(1, jobs)
        let runners = runners(width, in: &lanes)
        // Each lane keeps to a CPU, its thread and its workers; the calling thread, lane 0, is let go afterwards.
        let cpus = CPUPinning.cpus(forLanes: width)
        for (runner, cpu) in zip(runners, cpus) { runner.cpu = cpu }
        let pin: (Int) -> Void = { lane in CPUPinning.pin(0, to: cpus[lane]) }
        defer { CPUPinning.pin(0, to: nil) }
        let plans = Lanes.map(files.count, lanes: width, start: pin) { [self] index, lane in
            plan(files[index], in: runners[lane])
        }
        // Each file's schedules in its interleaved order, file after file.
        let work = plans.indices.flatMap { file in Self.interleaved(plans[file].schedules).map { (file, $0) } }
        let replayers = verifyDeterminism ? self.runners(width, in: &replayLanes) : []
        for (runner, cpu) in zip(replayers, cpus) { runner.cpu = cpu }
        for plan in plans where plan.baseline != nil { progress?(plan.exploration.scenario, 0, plan.schedules.count) }
        var done = [Int](repeating: 0, count: files.count)
        let finished: (Int) -> Void = { [self] position in
            let file = work[position].0
            done[file] += 1
            progress?(files[file], done[file], plans[file].schedules.count)
        }
        let verdicts = Lanes.map(work.count, lanes: width, start: pin, finished: finished) {
            [self] position, lane -> (run: Verdict, replay: Verdict?) in
            let (file, index) = work[position]
            let job = plans[file].schedules[index].job(plans[file].source, edition: plans[file].edition)
            return (judge(job, in: runners[lane]), verifyDeterminism ? judge(job, in: replayers[lane]) : nil)
        }
        var byFile = plans.map { [Verdicts.Element?](repeating: nil, count: $0.schedules.count) }
        for ((file, index), verdict) in zip(work, verdicts) { byFile[file][index] = verdict }
        return plans.indices.map { finish(plans[$0], verdicts: byFile[$0].map { $0! }) }
    }

    /// Writes a reproduction of the first run of each failing class (the fault-free run first), kept
    /// only if `harness run` fails it the same way.
    func reproduce(
        _ exploration: inout ScenarioExploration, with reproducer: Reproducer, schedules: [Schedule]
    ) {
        let replay = ScenarioSuiteRunner(
            executable: isolated.executable, plugins: plugins, edition: reproducer.edition, timeout: timeout)
        for outcome in OutcomeClass.allCases where outcome.isFailure && failedReproductionWrite == nil {
            guard
                let index = exploration.runs.firstIndex(where: {
                    $0.outcome == outcome && ($0.injected || $0.isFaultFree)
                })
            else { continue }
            let run = exploration.runs[index]
            let path: String
            do throws(Reproducer.Problem) {
                if run.isFaultFree {
                    path = try reproducer.write(faultFree: run)
                } else {
                    // After the fault-free run, the runs are in schedule order (two lifecycle events may share
                    // an operation and a line, so a schedule is found by its place, not by what it says).
                    guard exploration.runs.count == schedules.count + 1 else {
                        throw Reproducer.Problem(description: "the runs are not one per schedule")
                    }
                    path = try reproducer.write(schedule: schedules[index - 1], run: run)
                }
            } catch {
                exploration.unreproduced.append("\(run.fault) (\(outcome.rawValue)): \(error)")
                failedReproductionWrite = error.failedWrite
                continue
            }
            // Kept only if `harness run` fails it too (a trap as a trap, a hang as a hang).
            let check = replay.run(file: path)
            let sameWay: Bool
            switch outcome {
            case .trap: sameWay = check.result?.outcome.isTrap == true
            case .hang: sameWay = check.result?.outcome.isHang == true
            default:
                // A loss, not a step the user could not take: the oracles' verdict, or a check of what is shown.
                let failed = check.result?.failure.flatMap { failure in
                    check.scenario?.steps.first { $0.location == failure.location }
                }
                let checked = failed.map { if case .expect = $0.command { true } else { false } } ?? false
                sameWay = check.result?.outcome == .failed && (check.result?.verdict.isFailure == true || checked)
            }
            if sameWay {
                exploration.runs[index].reproduction = path
                // `run` stops at its first failing step, which may find another class first: the header says so.
                if let found = check.result?.verdict, found != outcome, found.isFailure {
                    let line = check.result?.verdictLocation.map { " at line \($0.line)" } ?? ""
                    do {
                        try Reproducer.addComment("`run` finds \(found.rawValue) first\(line).", to: path)
                    } catch {
                        failedReproductionWrite = error
                    }
                }
            } else {
                try? FileManager.default.removeItem(atPath: path)
                // The file is gone: what `run` made of it is said without its path.
                var how = check.result.map { "\($0.outcome) [\($0.verdict.rawValue)]" } ?? "an invalid scenario"
                if let failure = check.result?.failure { how += " at line \(failure.location.line): \(failure.step)" }
                exploration.unreproduced.append(
                    "\(run.fault) (\(outcome.rawValue)): `run` ends the shrunk scenario as \(how), so none is kept")
            }
        }
    }

    /// One run's verdict.
    struct Verdict {
        var outcome: OutcomeClass
        var injected: Bool
        var message: String?
        var traceHash: String
        var record: ExplorationRecord?
        /// The fault-free run it was judged against.
        var baseline: ExplorationRecord?
    }

    /// Runs a job in the worker, which judges it against its fault-free run. A run the harness
    /// could not carry out is a harness error, never a pass.
    func judge(_ job: WorkerJob, keepRecords: Bool = false, in runner: IsolatedRunner? = nil) -> Verdict {
        var job = job
        if !job.mode.isExploring { job.mode = .faultFree }
        job.judge = true
        job.keepRecords = keepRecords
        job.includeOperations = false
        switch (runner ?? isolated).run(job) {
        case .judged(let run):
            return Verdict(
                outcome: run.outcome, injected: run.injected, traceHash: run.traceHash,
                record: run.record, baseline: run.baseline)
        // The fault-free run finished: the schedule's fault fired for the run to trap or hang.
        case .trapped(_, let message):
            return Verdict(outcome: .trap, injected: true, message: message, traceHash: "")
        case .hung(_, let message):
            return Verdict(outcome: .hang, injected: true, message: message, traceHash: "")
        case .finished:
            return Verdict(
                outcome: .harnessError, injected: false, message: "the worker did not judge the run",
                traceHash: "")
        case .harnessError(let problem):
            return Verdict(outcome: .harnessError, injected: false, message: problem, traceHash: "")
        }
    }

    /// The fault-free run, judged by the oracles like the others; when it did not finish, nothing else is explored.
    func faultFreeRun(
        _ file: String, _ outcome: OutcomeClass, _ message: String?,
        at location: ScenarioLocation? = nil
    ) -> ExploredRun {
        ExploredRun(
            scenario: file, operation: 0, site: "fault-free run", fault: "none", column: "none", seed: seed,
            outcome: outcome, injected: false, message: message, traceHash: "", reproduction: nil,
            location: location)
    }

    /// The order schedules run in: one per operation in turn, so that the faults that
    /// make an app trap (often every error on one write) do not come in a burst, and a
    /// spare worker is ready for each. Results are reported in schedule order.
    static func interleaved(_ schedules: [Schedule]) -> [Int] {
        var groups: [Int: [Int]] = [:]
        for (index, schedule) in schedules.enumerated() { groups[schedule.operation, default: []].append(index) }
        let operations = groups.keys.sorted()
        var order: [Int] = []
        var round = 0
        while order.count < schedules.count {
            for operation in operations where round < groups[operation]!.count {
                order.append(groups[operation]![round])
            }
            round += 1
        }
        return order
    }

    /// Where a schedule lands, as the report names it: the operation's log line and the step that made it,
    /// or, for a lifecycle event, the step it follows (`line 7: add Milk`).
    static func place(
        of schedule: Schedule, operations: [OperationRecord], steps: OperationSteps, scenario: Scenario
    ) -> (site: String, location: ScenarioLocation?) {
        if let event = schedule.lifecycle {
            let step = scenario.steps[event.step]
            return (ControlCharacters.escaped("line \(step.location.line): \(step.text)"), step.location)
        }
        return (operations[schedule.operation - 1].line, steps.location(ofOperation: schedule.operation))
    }

    static func site(_ operation: OperationRecord) -> String {
        "\(operation.kind.rawValue) \(operation.target ?? operation.path)"
    }
}
