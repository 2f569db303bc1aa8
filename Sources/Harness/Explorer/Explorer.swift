import Foundation
import Sandbox

/// Explores every fault and crash point of scenarios: SQLite's loop over the
/// operations of a fault-free run, each run judged by the oracles, failures shrunk
/// to reproductions.
public final class Explorer {
    public let edition: Edition
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
    let isolated: IsolatedRunner
    private lazy var replaying = IsolatedRunner(executable: isolated.executable)

    public init(executable: URL, edition: Edition, seed: UInt64 = 0, reproductionFolder: URL? = nil) {
        self.edition = edition
        self.seed = seed
        self.reproductionFolder = reproductionFolder
        self.isolated = IsolatedRunner(executable: executable)
    }

    /// Ends the workers and waits for them to exit.
    public func shutDown() {
        isolated.shutDown()
        if verifyDeterminism { replaying.shutDown() }
    }

    /// Workers started so far: one, plus one after each trap.
    public var workersStarted: Int { isolated.workersStarted }

    /// Starts a fresh worker for every run instead of only after a trap (the benchmarks' baseline).
    public var freshWorkerPerRun: Bool {
        get { isolated.freshWorkerPerJob }
        set { isolated.freshWorkerPerJob = newValue }
    }

    public func explore(file: String) -> ScenarioExploration {
        var exploration = ScenarioExploration(scenario: file, edition: edition, runs: [], sitesReached: [], faultsFired: [:],
                                              neverFired: [], notApplicable: [], problem: nil)
        let scenario: Scenario
        let text: String
        do {
            text = try ScenarioParser.text(contentsOf: URL(fileURLWithPath: file), displayPath: file)
            scenario = try ScenarioParser.parse(text, file: file)
        } catch {
            exploration.problem = "invalid scenario"
            exploration.errors = error.errors.map(\.description)
            return exploration
        }
        let baselineJob = WorkerJob(file: file, edition: edition, seed: seed, exploring: true, includeOperations: true)
        let baseline: RunResult
        switch (try? isolated.run(baselineJob)) ?? .invalid("could not start a worker") {
        case .finished(let result):
            // Schedules placed on a run cut short would explore less than the scenario: not a pass.
            if let failure = result.failure {
                exploration.problem = "the fault-free run could not carry out a step"
                exploration.errors = [failure.summary]
                return exploration
            }
            baseline = result
        case .trapped(let step, let message):
            exploration.runs.append(ExploredRun(scenario: file, operation: 0, site: "fault-free run", fault: "none", column: "none",
                                                seed: seed, outcome: .trap, injected: false, message: message, traceHash: "",
                                                reproduction: nil,
                                                location: step.map { scenario.steps[$0].location }))
            return exploration
        case .invalid(let problem):
            exploration.problem = problem
            return exploration
        case .judged:
            exploration.problem = "the worker judged the fault-free run instead of returning it"
            return exploration
        }
        let operations = baseline.operations
        let steps = OperationSteps(baseline: baseline, scenario: scenario)
        var schedules = ScheduleGenerator.schedules(for: operations, seed: seed)
        if let scheduleFilter { schedules = schedules.filter(scheduleFilter) }
        if let scheduleLimit { schedules = Array(schedules.prefix(scheduleLimit)) }
        exploration.sitesReached = Array(Set(operations.filter { $0.kind != .now }.map(Self.site))).sorted()
        var runs = [ExploredRun?](repeating: nil, count: schedules.count)
        for (done, index) in Self.interleaved(schedules).enumerated() {
            progress?(file, done, schedules.count)
            let schedule = schedules[index]
            let job = WorkerJob(file: file, edition: edition, seed: schedule.seed, schedule: [schedule.rule],
                                exploring: true, includeOperations: false)
            let run = judge(job)
            if verifyDeterminism {
                let replay = judge(job, in: replaying)
                if replay.outcome != run.outcome || replay.traceHash != run.traceHash {
                    exploration.nondeterministic.append("\(schedule.scenarioLine) (seed \(schedule.seed)): \(run.outcome.rawValue) \(run.traceHash) then \(replay.outcome.rawValue) \(replay.traceHash)")
                }
                exploration.replayed += 1
            }
            let operation = operations[schedule.operation - 1]
            runs[index] = ExploredRun(
                scenario: file, operation: schedule.operation, site: operation.line, fault: schedule.scenarioLine,
                column: schedule.faultName, seed: schedule.seed, outcome: run.outcome, injected: run.injected,
                message: run.message, traceHash: run.traceHash, reproduction: nil,
                location: steps.location(ofOperation: schedule.operation))
            if run.injected { exploration.faultsFired[schedule.faultName, default: 0] += 1 }
        }
        exploration.runs = runs.compactMap { $0 }
        progress?(file, schedules.count, schedules.count)
        let columns = Set(schedules.map(\.faultName))
        exploration.neverFired = columns.subtracting(exploration.faultsFired.keys).sorted()
        let kinds = Set(operations.map(\.kind))
        exploration.notApplicable = ScheduleGenerator.errorFaults
            .filter { fault in !kinds.contains(where: fault.applies(to:)) }
            .map { FaultSyntax.name(of: $0) }
        if let folder = reproductionFolder {
            let source = ScenarioSource(scenario: scenario, text: text)
            let reproducer = Reproducer(explorer: self, source: source, folder: folder)
            let replay = ScenarioSuiteRunner(executable: isolated.executable, edition: edition)
            for outcome in OutcomeClass.allCases where outcome.isFailure {
                guard let index = exploration.runs.firstIndex(where: { $0.outcome == outcome && $0.injected }) else { continue }
                let run = exploration.runs[index]
                guard let schedule = schedules.first(where: {
                    $0.operation == run.operation && $0.scenarioLine == run.fault && $0.seed == run.seed
                }) else { continue }
                let path: String
                do {
                    path = try reproducer.write(schedule: schedule, outcome: outcome)
                } catch {
                    exploration.unreproduced.append("\(run.fault) (\(outcome.rawValue)): \(error)")
                    continue
                }
                // Kept only if `harness run` fails it too (a trap as a trap).
                let check = replay.run(file: path)
                let sameWay = outcome == .trap ? check.result?.outcome.isTrap == true : check.result?.outcome == .failed
                if sameWay {
                    exploration.runs[index].reproduction = path
                } else {
                    try? FileManager.default.removeItem(atPath: path)
                    exploration.unreproduced.append("\(run.fault) (\(outcome.rawValue)): \(check.summaryLine)")
                }
            }
        }
        return exploration
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

    /// Runs a job in the worker, which judges it against its fault-free run.
    func judge(_ job: WorkerJob, keepRecords: Bool = false, in runner: IsolatedRunner? = nil) -> Verdict {
        var job = job
        job.exploring = true
        job.judge = true
        job.keepRecords = keepRecords
        job.includeOperations = false
        switch (try? (runner ?? isolated).run(job)) ?? .invalid("could not start a worker") {
        case .judged(let run):
            return Verdict(outcome: run.outcome, injected: run.injected, traceHash: run.traceHash,
                           record: run.record, baseline: run.baseline)
        case .finished:
            return Verdict(outcome: .passed, injected: false, message: "the worker did not judge the run", traceHash: "")
        case .trapped(_, let message):
            return Verdict(outcome: .trap, injected: true, message: message, traceHash: "")
        case .invalid(let problem):
            return Verdict(outcome: .passed, injected: false, message: problem, traceHash: "")
        }
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
            for operation in operations where round < groups[operation]!.count { order.append(groups[operation]![round]) }
            round += 1
        }
        return order
    }

    static func site(_ operation: OperationRecord) -> String {
        "\(operation.kind.rawValue) \(operation.target ?? operation.path)"
    }
}
