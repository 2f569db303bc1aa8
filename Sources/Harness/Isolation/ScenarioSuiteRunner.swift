import Foundation
import Sandbox

/// Runs scenario files one by one in a worker process and explains each outcome.
public final class ScenarioSuiteRunner {
    public let plugins: PluginRegistry
    /// The edition to run; nil: each app's default edition.
    public let edition: String?
    public let seed: UInt64
    public let tracing: Bool
    /// nil: runs in this process.
    private let isolated: IsolatedRunner?

    /// `executable` serves the runs as `executable worker`: a harness built with the same plug-ins.
    /// With no executable, runs happen in this process, and an app that traps ends it.
    public init(
        executable: URL?, plugins: PluginRegistry, edition: String? = nil, seed: UInt64 = 0,
        tracing: Bool = false, timeout: Double = IsolatedRunner.defaultTimeout
    ) {
        self.plugins = plugins
        self.edition = edition
        self.seed = seed
        self.tracing = tracing
        self.isolated = executable.map { executable in
            let isolated = IsolatedRunner(executable: executable)
            isolated.timeout = timeout
            return isolated
        }
    }

    /// One scenario file's outcome, as the CLI and the test suite report it.
    public struct Report: Sendable {
        public var file: String
        public var scenario: Scenario?
        public var result: RunResult?
        /// Parse errors.
        public var errors: [ScenarioError]
        /// With `--live`: how the run on the real disk differed from `result`, or that it trapped or hung.
        public var live: String?
        /// The text `scenario` was parsed from, for a worker to run it again on the real disk.
        var source: ScenarioText?

        public init(file: String, scenario: Scenario? = nil, result: RunResult? = nil, errors: [ScenarioError] = []) {
            self.file = file
            self.scenario = scenario
            self.result = result
            self.errors = errors
        }

        /// The known-failures record's line that lists this run's edition and scenario (see `hold(to:)`).
        public private(set) var listing: KnownFailures.Entry?

        /// Whether it counts as passed: it passed, with `--live` the real disk agreed, and no known-failures
        /// record lists it (a listed scenario must fail).
        public var passed: Bool { errors.isEmpty && result?.passed == true && live == nil && listing == nil }

        /// Failed as the known-failures record says it does: neither a pass nor a failure.
        public var failedAsKnown: Bool { listing != nil && (result?.passed == false || !errors.isEmpty) }

        /// Holds the run to `record` as `edition` (nil: the edition that ran): the line listing its edition and
        /// scenario, when the run is the edition's own. A run the harness could not make, or a scenario with a
        /// mistake, is neither a pass nor a failure of it; one that does not parse only because it uses a store as the
        /// other kind (the port keeps that data under a key, not in a file, or the reverse) may be listed.
        public mutating func hold(to record: KnownFailures, edition requested: String? = nil) {
            guard !isHarnessError, errors.allSatisfy(\.isStoreKindMismatch),
                let edition = result?.edition ?? requested
            else { return }
            listing = record.entry(edition: edition, file: file)
        }

        /// The harness could not run it: neither a pass nor a failure of the app.
        public var isHarnessError: Bool { result?.outcome.isHarnessError == true }

        /// `PASS [passed] file`, `FAIL [dataLoss] file: failed`, `KNOWN [dataLoss] file: failed` (listed as known to
        /// fail), `FAIL file: invalid scenario`: the verdict next to the result; escaped, as every line it prints.
        public var summaryLine: String {
            if !errors.isEmpty {
                return ControlCharacters.escaped((failedAsKnown ? "KNOWN " : "FAIL ") + "\(file): invalid scenario")
            }
            guard let result else { return ControlCharacters.escaped("FAIL \(file)") }
            if isHarnessError { return ControlCharacters.escaped("ERROR \(file): not run: \(result.outcome)") }
            let status = failedAsKnown ? "KNOWN " : result.passed && listing == nil ? "PASS " : "FAIL "
            let why = result.passed ? (listing == nil ? "" : ": listed as known to fail") : ": \(result.outcome)"
            return ControlCharacters.escaped(status + "[\(result.verdict.rawValue)] " + file + why)
        }

        /// Each mistake in the file, why it could not run, or the failing step, indented.
        public var details: String? {
            let lines: [String]
            if let listing {
                let line = failedAsKnown ? "known to fail: \(listing.location): \(listing.reason)" : listing.passesNow
                lines = [ControlCharacters.escaped(line)]
            } else if !errors.isEmpty {
                lines = errors.map { ControlCharacters.escaped($0.description) }
            } else if let failure = result?.failure {
                lines = failure.report.split(separator: "\n").map(String.init)
            } else if let result, result.verdict.rank > OutcomeClass.alerted.rank, let message = result.verdictMessage {
                lines = [ControlCharacters.escaped("\(result.verdict.rawValue): \(message)")]
            } else {
                return nil
            }
            return lines.map { "  " + $0 }.joined(separator: "\n")
        }
    }

    public func run(file: String) -> Report {
        let source: ScenarioText
        let scenario: Scenario
        do {
            (source, scenario) = try ScenarioText.parsed(file, plugins: plugins)
        } catch {
            return Report(file: file, errors: error.errors)
        }
        var report = Report(file: file, scenario: scenario)
        report.source = source
        if let isolated {
            let job = WorkerJob(scenario: source, edition: edition, seed: seed, tracing: tracing)
            report.result = isolated.result(of: job, scenario: scenario)
        } else {
            report.result = ScenarioRunner(edition: edition, seed: seed, tracing: tracing).run(scenario)
        }
        return report
    }

    /// `--live`: `report`'s scenario, when it is fault-free, run again with the app's files on the real disk, in a
    /// worker as every run is (an app that traps there ends the worker, not the harness), and `live` set when
    /// the two runs differ. A live run the harness could not carry out makes the report a harness error.
    func runLive(_ report: Report) -> Report {
        guard let scenario = report.scenario, let simulated = report.result, !report.isHarnessError,
            LiveComparison.isLiveRunnable(scenario)
        else { return report }
        var report = report
        guard let source = report.source else {
            report.result = notRunLive("no scenario text to send a worker", simulated)
            return report
        }
        let folder: URL
        do {
            folder = try LiveComparison.makeFolder()
        } catch {
            report.result = notRunLive("\(error)", simulated)
            return report
        }
        // Removed here whatever became of the runs in it: a worker that trapped or was killed removes nothing.
        defer { try? FileManager.default.removeItem(at: folder) }
        let live = liveRun(of: scenario, source: source, seed: simulated.seed, in: folder.path)
        if case .harnessError(let message) = live.outcome {
            report.result = notRunLive(message, simulated)
        } else if let difference = LiveComparison.difference(simulated: simulated, live: live) {
            // A full or vanished temporary folder is the host's failure, not a difference of the app's.
            if let problem = LiveComparison.hostProblem(in: folder.path) {
                report.result = notRunLive(problem, simulated)
            } else {
                report.live = difference
            }
        }
        return report
    }

    private func liveRun(of scenario: Scenario, source: ScenarioText, seed: UInt64, in folder: String) -> RunResult {
        if let isolated {
            // The comparison reads the outcome and the failing step only, not the operations.
            var job = WorkerJob(scenario: source, edition: edition, seed: seed, includeOperations: false)
            job.liveFolder = folder
            return isolated.result(of: job, scenario: scenario)
        }
        var runner = ScenarioRunner(edition: edition, seed: seed)
        do {
            runner.liveFiles = try LiveComparison.freshContainer(in: folder)
        } catch {
            return .notRun(
                file: scenario.file, edition: runner.editionName(for: scenario), seed: seed, message: "\(error)")
        }
        return runner.run(scenario)
    }

    /// The simulated run's result replaced: the scenario as asked for, on both disks, was not carried out.
    private func notRunLive(_ message: String, _ simulated: RunResult) -> RunResult {
        .notRun(
            file: simulated.file, edition: simulated.edition, seed: simulated.seed,
            message: "on the real disk: \(message)")
    }
}
