import Foundation
import Sandbox

/// `harness run`: every scenario in a worker process, a line each, then the totals.
struct RunCommand {
    var options: RunOptions
    let plugins: PluginRegistry

    func execute() throws -> Int32 {
        let files = try ScenarioFiles.expand(options.paths)
        let runner = ScenarioSuiteRunner(executable: HarnessCommand.executable, plugins: plugins,
                                         edition: options.edition, seed: options.seed, tracing: options.tracing)
        var passed = 0
        var failed = 0
        for file in files {
            let report = runner.run(file: file)
            print(report.summaryLine)
            if let details = report.details { print(details) }
            if options.tracing, let trace = report.result?.trace, !trace.isEmpty { print(trace) }
            if options.live, let result = report.result, let scenario = report.scenario {
                if let difference = LiveComparison.difference(scenario: scenario, simulated: result, edition: options.edition) {
                    print("  live: \(difference)")
                    failed += 1
                    continue
                }
            }
            if report.passed { passed += 1 } else { failed += 1 }
        }
        print("\(passed) passed, \(failed) failed")
        return failed == 0 ? 0 : 1
    }
}

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
    public init(executable: URL?, plugins: PluginRegistry, edition: String? = nil, seed: UInt64 = 0,
                tracing: Bool = false) {
        self.plugins = plugins
        self.edition = edition
        self.seed = seed
        self.tracing = tracing
        self.isolated = executable.map(IsolatedRunner.init(executable:))
    }

    /// One scenario file's outcome, as the CLI and the test suite report it.
    public struct Report: Sendable {
        public var file: String
        public var scenario: Scenario?
        public var result: RunResult?
        /// Parse errors, or why the run could not happen.
        public var errors: [ScenarioError]
        public var problem: String?

        public init(file: String, scenario: Scenario? = nil, result: RunResult? = nil, errors: [ScenarioError] = [],
                    problem: String? = nil) {
            self.file = file
            self.scenario = scenario
            self.result = result
            self.errors = errors
            self.problem = problem
        }

        public var passed: Bool { errors.isEmpty && problem == nil && result?.passed == true }

        public var summaryLine: String {
            if !errors.isEmpty || problem != nil { return "FAIL \(file): invalid scenario" }
            guard let result else { return "FAIL \(file)" }
            return (result.passed ? "PASS " : "FAIL ") + file + (result.passed ? "" : ": \(result.outcome)")
        }

        public var details: String? {
            if !errors.isEmpty { return errors.map { "  \($0)" }.joined(separator: "\n") }
            if let problem { return "  \(problem)" }
            return result?.failure.map { $0.report.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") }
        }
    }

    public func run(file: String) -> Report {
        let scenario: Scenario
        do {
            scenario = try ScenarioParser.parse(contentsOf: URL(fileURLWithPath: file), displayPath: file, plugins: plugins)
        } catch {
            return Report(file: file, errors: error.errors)
        }
        guard let isolated else {
            let result = ScenarioRunner(edition: edition, seed: seed, tracing: tracing).run(scenario)
            return Report(file: file, scenario: scenario, result: result, errors: [])
        }
        let job = WorkerJob(file: file, edition: edition, seed: seed, tracing: tracing)
        do {
            switch try isolated.run(job) {
            case .finished(let result):
                return Report(file: file, scenario: scenario, result: result, errors: [])
            case .trapped(let step, let message):
                let runner = ScenarioRunner(edition: edition, seed: self.seed)
                let result = TrapResolution.result(scenario: scenario, edition: runner.editionName(for: scenario),
                                                   seed: runner.effectiveSeed(for: scenario), step: step, message: message)
                return Report(file: file, scenario: scenario, result: result, errors: [])
            case .invalid(let text):
                return Report(file: file, scenario: scenario, errors: [], problem: text)
            case .judged:
                return Report(file: file, scenario: scenario, errors: [], problem: "the worker judged a plain run")
            }
        } catch {
            return Report(file: file, scenario: scenario, errors: [], problem: "could not start a worker: \(error)")
        }
    }
}
