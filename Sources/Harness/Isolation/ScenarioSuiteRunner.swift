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

        public init(file: String, scenario: Scenario? = nil, result: RunResult? = nil, errors: [ScenarioError] = []) {
            self.file = file
            self.scenario = scenario
            self.result = result
            self.errors = errors
        }

        public var passed: Bool { errors.isEmpty && result?.passed == true }

        /// The harness could not run it: neither a pass nor a failure of the app.
        public var isHarnessError: Bool { result?.outcome.isHarnessError == true }

        /// `PASS [passed] file`, `FAIL [dataLoss] file: failed`, `FAIL file: invalid scenario`: the verdict next to
        /// the result; escaped, as every line it prints.
        public var summaryLine: String {
            if !errors.isEmpty { return ControlCharacters.escaped("FAIL \(file): invalid scenario") }
            guard let result else { return ControlCharacters.escaped("FAIL \(file)") }
            if isHarnessError { return ControlCharacters.escaped("ERROR \(file): not run: \(result.outcome)") }
            let line =
                (result.passed ? "PASS " : "FAIL ") + "[\(result.verdict.rawValue)] " + file
                + (result.passed ? "" : ": \(result.outcome)")
            return ControlCharacters.escaped(line)
        }

        /// Each mistake in the file, why it could not run, or the failing step, indented.
        public var details: String? {
            let lines: [String]
            if !errors.isEmpty {
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
        guard let isolated else {
            let result = ScenarioRunner(edition: edition, seed: seed, tracing: tracing).run(scenario)
            return Report(file: file, scenario: scenario, result: result, errors: [])
        }
        let job = WorkerJob(scenario: source, edition: edition, seed: seed, tracing: tracing)
        return Report(file: file, scenario: scenario, result: isolated.result(of: job, scenario: scenario), errors: [])
    }
}
