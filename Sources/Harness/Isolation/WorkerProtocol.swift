import Foundation
import Sandbox

/// One run a worker process is asked to do.
public struct WorkerJob: Sendable, Codable {
    public var file: String
    /// The edition to run; nil: the app's default edition.
    public var edition: String?
    public var seed: UInt64
    public var schedule: [FaultRule]
    public var tracing: Bool
    /// Run as the explorer does (see `ScenarioRunner.exploring`).
    public var exploring: Bool
    /// Send the operation log back (the explorer needs it only from the fault-free run).
    public var includeOperations: Bool
    /// The scenario's text, when it is not the file's (a shrinking candidate); `file` names it.
    public var source: String?
    /// Judge the run in the worker against the fault-free run (run once and kept), and
    /// answer with the verdict only.
    public var judge: Bool = false
    /// With `judge`: also send both runs' records (the reproducer needs them).
    public var keepRecords: Bool = false

    public init(file: String, edition: String?, seed: UInt64 = 0, schedule: [FaultRule] = [], tracing: Bool = false,
                exploring: Bool = false, includeOperations: Bool = true) {
        self.file = file
        self.edition = edition
        self.seed = seed
        self.schedule = schedule
        self.tracing = tracing
        self.exploring = exploring
        self.includeOperations = includeOperations
        self.source = nil
    }
}

/// The oracles' verdict on one run, as a worker sends it.
public struct JudgedRun: Sendable, Codable {
    public var outcome: OutcomeClass
    public var injected: Bool
    public var traceHash: String
    public var record: ExplorationRecord?
    public var baseline: ExplorationRecord?
}

/// What a worker says on standard output, one JSON object a line.
enum WorkerMessage: Codable {
    /// The job is about to run the step at this index (so a trap can be placed).
    case step(Int)
    case result(RunResult)
    case judged(JudgedRun)
    /// The scenario file could not be read or parsed.
    case invalid(String)
    /// The worker ends after this job: parked app threads hold memory it wants back.
    case retiring
}
