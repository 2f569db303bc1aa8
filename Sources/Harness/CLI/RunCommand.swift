import Foundation
import Sandbox

/// `harness run`: every scenario in a worker process, a line each, then the totals.
struct RunCommand {
    var options: RunOptions

    func execute() throws -> Int32 {
        let whole = try ScenarioFiles.expand(options.paths)
        let files = options.shard?.share(of: whole) ?? whole
        let runner = ScenarioSuiteRunner(executable: HarnessCommand.executable, edition: options.edition,
                                          seed: options.seed, tracing: options.tracing)
        let progress = TerminalProgress()
        var outcomes: [RunReport.ScenarioOutcome] = []
        for (index, file) in files.enumerated() {
            progress.show("[\(index + 1)/\(files.count)] running \(file)")
            let report = runner.run(file: file)
            var lines = [report.summaryLine] + (report.details.map { [$0] } ?? [])
            if options.tracing, let trace = report.result?.trace, !trace.isEmpty { lines.append(trace) }
            var live: String?
            if options.live, let result = report.result, let scenario = report.scenario {
                progress.show("[\(index + 1)/\(files.count)] running \(file) on the real disk")
                live = LiveComparison.difference(scenario: scenario, simulated: result, edition: options.edition)
                if let live { lines.append(ControlCharacters.escaped("  live: \(live)")) }
            }
            progress.clear()
            if !options.json { print(lines.joined(separator: "\n")) }
            outcomes.append(RunReport.ScenarioOutcome(report, live: live, tracing: options.tracing))
        }
        var report = RunReport(edition: options.edition.rawValue, scenarios: outcomes)
        report.shard = options.shard.map {
            ShardLabel(command: RunReport.command, part: $0, seed: options.seed, options: options.reportOptions,
                       scenarios: whole)
        }
        let totals = "\(report.passed) passed, \(report.failed) failed"
        if options.json {
            print(try report.json())
            if isatty(STDERR_FILENO) == 1 { FileHandle.standardError.write(Data((totals + "\n").utf8)) }
        } else {
            print(totals)
        }
        if let junit = options.junit { try OutputPath.write(report.junit.xml, toFile: junit, for: "--junit") }
        return report.foundFailures ? 1 : 0
    }
}

/// Runs scenario files one by one in a worker process and explains each outcome.
public final class ScenarioSuiteRunner {
    public let edition: Edition
    public let seed: UInt64
    public let tracing: Bool
    private let isolated: IsolatedRunner

    public init(executable: URL, edition: Edition, seed: UInt64 = 0, tracing: Bool = false) {
        self.edition = edition
        self.seed = seed
        self.tracing = tracing
        self.isolated = IsolatedRunner(executable: executable)
    }

    /// One scenario file's outcome, as the CLI and the test suite report it.
    public struct Report: Sendable {
        public var file: String
        public var scenario: Scenario?
        public var result: RunResult?
        /// Parse errors, or why the run could not happen.
        public var errors: [ScenarioError]
        public var problem: String?

        public var passed: Bool { errors.isEmpty && problem == nil && result?.passed == true }

        /// `PASS file`, `FAIL file: failed`, `FAIL file: invalid scenario`: escaped, as every line it prints.
        public var summaryLine: String {
            if !errors.isEmpty || problem != nil { return ControlCharacters.escaped("FAIL \(file): invalid scenario") }
            guard let result else { return ControlCharacters.escaped("FAIL \(file)") }
            let line = (result.passed ? "PASS " : "FAIL ") + file + (result.passed ? "" : ": \(result.outcome)")
            return ControlCharacters.escaped(line)
        }

        /// Each mistake in the file, why it could not run, or the failing step, indented.
        public var details: String? {
            let lines: [String]
            if !errors.isEmpty {
                lines = errors.map { ControlCharacters.escaped($0.description) }
            } else if let problem {
                lines = problem.split(separator: "\n").map { ControlCharacters.escaped(String($0)) }
            } else if let failure = result?.failure {
                lines = failure.report.split(separator: "\n").map(String.init)
            } else {
                return nil
            }
            return lines.map { "  " + $0 }.joined(separator: "\n")
        }
    }

    public func run(file: String) -> Report {
        let scenario: Scenario
        do {
            scenario = try ScenarioParser.parse(contentsOf: URL(fileURLWithPath: file), displayPath: file)
        } catch {
            return Report(file: file, errors: error.errors)
        }
        let job = WorkerJob(file: file, edition: edition, seed: seed, tracing: tracing)
        do {
            switch try isolated.run(job) {
            case .finished(let result):
                return Report(file: file, scenario: scenario, result: result, errors: [])
            case .trapped(let step, let message):
                let seed = ScenarioRunner(edition: edition, seed: self.seed).effectiveSeed(for: scenario)
                let result = TrapResolution.result(scenario: scenario, edition: edition, seed: seed, step: step, message: message)
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
