import Foundation
import Sandbox

/// A scenario's text as the harness read it, once: workers are sent the text, never the
/// path, so a file changed or deleted mid-run cannot change what is run.
public struct ScenarioText: Sendable, Hashable {
    /// The path it was read from, as results name it.
    public var file: String
    public var text: String
    /// Names the text, so a worker parses it once however many jobs use it.
    public var key: String

    public init(file: String, text: String) {
        self.file = file
        self.text = text
        key = "\(text.utf8.count)-\(TraceHash.fnv1a(text))"
    }

    /// Reads the file, or throws the error that names why it cannot be read.
    public init(contentsOf file: String) throws(ScenarioErrors) {
        self.init(file: file, text: try ScenarioParser.text(contentsOf: URL(fileURLWithPath: file), displayPath: file))
    }

    /// Parses the text; its `app` line names one of `plugins`.
    public func parse(plugins: PluginRegistry) throws(ScenarioErrors) -> Scenario {
        try ScenarioParser.parse(text, file: file, plugins: plugins)
    }
}

/// One run a worker process is asked to do.
public struct WorkerJob: Sendable, Codable {
    public var file: String
    /// Names `source` (see `ScenarioText.key`).
    public var sourceKey: String
    /// The scenario's text; left out for a worker that already holds `sourceKey`.
    public var source: String?
    /// The edition to run; nil: the app's default edition.
    public var edition: String?
    public var seed: UInt64
    /// Scripted, or one of the explorer's runs with its schedule.
    public var mode: RunMode
    public var tracing: Bool
    /// Send the operation log back (the explorer needs it only from the fault-free run).
    public var includeOperations: Bool
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
        self.sourceKey = scenario.key
        self.source = scenario.text
        self.edition = edition
        self.seed = seed
        self.mode = mode
        self.tracing = tracing
        self.includeOperations = includeOperations
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
