import Foundation
import Sandbox

/// One run a worker process is asked to do.
public struct WorkerJob: Sendable {
    public var file: String
    /// The scenario's text; left out of the line sent to a worker that holds it already.
    public var source: String?
    /// The number the worker holds `source` under (see `HeldSources`); the harness sets it at sending.
    var sourceNumber = 0
    /// The edition to run; nil: the app's default edition.
    public var edition: String?
    public var seed: UInt64
    /// `--live`: run with the app's files on the real disk, in a fresh container the worker makes inside this
    /// folder for each run; the harness made the folder and removes it, as a worker that traps cannot.
    public var liveFolder: String?
    /// Scripted, or one of the explorer's runs with its schedule.
    public var mode: RunMode
    /// What the worker sends back.
    public var reply: Reply

    /// What a worker sends back for a job.
    public enum Reply: String, Sendable, Hashable, CaseIterable {
        /// Each step as it starts, then the run's result with its operation log: `harness run`, a fault-free run.
        case result
        /// As `result`, with the trace of every step (`--trace`).
        case tracedResult = "result+trace"
        /// As `result`, and each operation as it happens: a trapped run replayed, its operations outliving it.
        case streamedResult = "result+stream"
        /// The run's result without its operation log: a live comparison, the bench.
        case outcome
        /// The judge's verdict alone, as the explorer counts it.
        case verdict
        /// The verdict, and what a reproduction of the run writes after its steps.
        case verdictForReproduction = "verdict+reproduction"

        /// The run's result is sent, not its verdict alone.
        var isResult: Bool { self != .verdict && self != .verdictForReproduction }
    }

    public init(
        scenario: ScenarioText, edition: String?, seed: UInt64 = 0, mode: RunMode = .scripted, reply: Reply = .result
    ) {
        self.file = scenario.file
        self.source = scenario.text
        self.edition = edition
        self.seed = seed
        self.mode = mode
        self.reply = reply
    }
}

/// The judge's verdict on one explored run, as a worker sends it.
public struct JudgedRun: Sendable {
    public var outcome: OutcomeClass
    /// Whether the schedule's fault fired (or its lifecycle event came).
    public var injected: Bool
    public var traceHash: String
    /// What was lost, for a failing run.
    public var message: String?
    /// What a reproduction of a failing run writes after its steps; sent only when asked for.
    var reproduction: ReproductionFacts?
}

extension RunResult {
    /// The judgement of an explored run as the explorer counts it: a run whose fault never fired is the fault-free run
    /// over again, counted as passed (the fault-free run has a row of its own).
    package var judged: JudgedRun {
        let injected = exploration?.firedAtStep != nil
        let failing = injected && verdict.isFailure
        return JudgedRun(
            outcome: injected ? verdict : .passed, injected: injected, traceHash: exploration?.traceHash ?? "",
            message: failing ? verdictMessage : nil, reproduction: reproductionFacts)
    }
}

/// What a worker says on standard output, a line each (see `line`).
enum WorkerMessage {
    /// The job is about to run the step at this index (so a trap can be placed).
    case step(Int)
    /// With `streamOperations`: an operation's log line, as it happens.
    case operation(String)
    case result(RunResult)
    case judged(JudgedRun)
    /// The worker could not read the job or parse its scenario.
    case invalid(String)
    /// The worker ends after this job: it holds more threads or memory than it should.
    case retiring
    /// A forked worker's first line: its process id, which the fork server's report must match.
    case hello(Int32)
}
