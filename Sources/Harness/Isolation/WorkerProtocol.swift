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
    public var tracing: Bool
    /// Send the operation log back (the explorer needs it only from the fault-free run).
    public var includeOperations: Bool
    /// Send what an exploring run observed after each step back (else only whether the app was running);
    /// the explorer's fault-free run leaves it in the worker, which judges later runs against it (at
    /// 10,000 days it is megabytes of JSON).
    public var includeObservations: Bool = true
    /// Judge the run in the worker against the fault-free run (run once and kept), and
    /// answer with the verdict only.
    public var judge: Bool = false
    /// With `judge`: also send both runs' records (the reproducer needs them).
    public var keepRecords: Bool = false
    /// Send each operation as it happens, so a run that dies with its worker still shows them.
    public var streamOperations: Bool = false

    public init(
        scenario: ScenarioText, edition: String?, seed: UInt64 = 0, mode: RunMode = .scripted,
        tracing: Bool = false, includeOperations: Bool = true
    ) {
        self.file = scenario.file
        self.source = scenario.text
        self.edition = edition
        self.seed = seed
        self.mode = mode
        self.tracing = tracing
        self.includeOperations = includeOperations
    }
}

/// The oracles' verdict on one run, as a worker sends it.
public struct JudgedRun: Sendable {
    public var outcome: OutcomeClass
    public var injected: Bool
    public var traceHash: String
    public var record: ExplorationRecord?
    public var baseline: ExplorationRecord?
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
