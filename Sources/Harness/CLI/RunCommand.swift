import Foundation
import Sandbox

/// `harness run`: every scenario in a worker process, a line each, then the totals.
struct RunCommand {
    var options: RunOptions

    func execute() throws -> Int32 {
        let files = try ScenarioFiles.expand(options.paths)
        let runner = ScenarioSuiteRunner(executable: HarnessCommand.executable, edition: options.edition,
                                          seed: options.seed, tracing: options.tracing, timeout: options.timeout)
        var passed = 0
        var failed = 0
        var notRun = 0
        for file in files {
            let report = runner.run(file: file)
            print(report.summaryLine)
            if let details = report.details { print(details) }
            if options.tracing, let trace = report.result?.trace, !trace.isEmpty { print(trace) }
            if report.isHarnessError {
                notRun += 1
                continue
            }
            if options.live, let result = report.result, let scenario = report.scenario {
                if let difference = LiveComparison.difference(scenario: scenario, simulated: result, edition: options.edition) {
                    print("  live: \(difference)")
                    failed += 1
                    continue
                }
            }
            if report.passed { passed += 1 } else { failed += 1 }
        }
        print("\(passed) passed, \(failed) failed" + (notRun > 0 ? ", \(notRun) not run (harness errors)" : ""))
        return notRun > 0 ? 3 : (failed == 0 ? 0 : 1)
    }
}

/// Runs scenario files one by one in a worker process and explains each outcome.
public final class ScenarioSuiteRunner {
    public let edition: Edition
    public let seed: UInt64
    public let tracing: Bool
    private let isolated: IsolatedRunner

    public init(executable: URL, edition: Edition, seed: UInt64 = 0, tracing: Bool = false,
                timeout: Double = IsolatedRunner.defaultTimeout) {
        self.edition = edition
        self.seed = seed
        self.tracing = tracing
        self.isolated = IsolatedRunner(executable: executable)
        isolated.timeout = timeout
    }

    /// One scenario file's outcome, as the CLI and the test suite report it.
    public struct Report: Sendable {
        public var file: String
        public var scenario: Scenario?
        public var result: RunResult?
        /// Parse errors.
        public var errors: [ScenarioError]

        public var passed: Bool { errors.isEmpty && result?.passed == true }

        /// The harness could not run it: neither a pass nor a failure of the app.
        public var isHarnessError: Bool { result?.outcome.isHarnessError == true }

        public var summaryLine: String {
            if !errors.isEmpty { return "FAIL \(file): invalid scenario" }
            guard let result else { return "FAIL \(file)" }
            if isHarnessError { return "ERROR \(file): not run: \(result.outcome)" }
            return (result.passed ? "PASS " : "FAIL ") + file + (result.passed ? "" : ": \(result.outcome)")
        }

        public var details: String? {
            if !errors.isEmpty { return errors.map { "  \($0)" }.joined(separator: "\n") }
            return result?.failure.map { $0.report.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") }
        }
    }

    public func run(file: String) -> Report {
        let source: ScenarioText
        let scenario: Scenario
        do {
            source = try ScenarioText(contentsOf: file)
            scenario = try source.parse()
        } catch {
            return Report(file: file, errors: error.errors)
        }
        let job = WorkerJob(scenario: source, edition: edition, seed: seed, tracing: tracing)
        return Report(file: file, scenario: scenario, result: isolated.result(of: job, scenario: scenario), errors: [])
    }
}
