import Foundation
import Sandbox

/// `harness run`: every scenario in a worker process, a line each, then the totals.
struct RunCommand {
    var options: RunOptions
    let plugins: PluginRegistry

    func execute() throws -> Int32 {
        let named = try ScenarioFiles.expand(options.paths)
        // Read against every file named, so that `--app` narrows a run without making the record's other lines wrong.
        var knownFailures: KnownFailures?
        if let path = options.knownFailures { knownFailures = try record(path, covering: named) }
        let whole = ScenarioFiles.ofApps(named, apps: options.apps, plugins: plugins)
        let files = options.shard?.share(of: whole) ?? whole
        let runner = ScenarioSuiteRunner(
            executable: IsolatedRunner.currentExecutable, plugins: plugins,
            edition: options.edition, seed: options.seed, tracing: options.tracing,
            timeout: options.timeout)
        let progress = TerminalProgress()
        var outcomes: [RunReport.ScenarioOutcome] = []
        for (index, file) in files.enumerated() {
            progress.show("[\(index + 1)/\(files.count)] running \(file)")
            var report = runner.run(file: file)
            if options.live {
                progress.show("[\(index + 1)/\(files.count)] running \(file) on the real disk")
                report = runner.runLive(report)
            }
            if let knownFailures { report.hold(to: knownFailures, edition: options.edition) }
            var lines = [report.summaryLine] + (report.details.map { [$0] } ?? [])
            if options.tracing, let trace = report.result?.trace, !trace.isEmpty { lines.append(trace) }
            if let live = report.live { lines.append(ControlCharacters.escaped("  live: \(live)")) }
            progress.clear()
            if !options.json { try StandardOutput.line(lines.joined(separator: "\n")) }
            outcomes.append(RunReport.ScenarioOutcome(report, tracing: options.tracing))
        }
        var report = RunReport(edition: plugins.editionLabel(options.edition), scenarios: outcomes)
        report.shard = options.shard.map {
            ShardLabel(
                command: RunReport.command, part: $0, seed: options.seed, options: options.reportOptions,
                scenarios: whole)
        }
        let totals = report.totals
        if options.json {
            try StandardOutput.line(try report.json())
            if isatty(STDERR_FILENO) == 1 { StandardError.line(totals) }
        } else {
            try StandardOutput.line(totals)
        }
        try options.junit?.write(report.junit.xml)
        return report.exitStatus
    }

    /// The known-failures record at `path`, read against the plug-ins' editions and the scenarios: those of `files`
    /// and those beside the record (as `Scenarios/known-failures` names `Scenarios/hiitfit/a.scenario`), so that a
    /// run of part of its folder leaves the record right. One that cannot be read or has a wrong line stops the
    /// command before anything runs.
    private func record(_ path: String, covering files: [String]) throws(CommandLineError) -> KnownFailures {
        let folder = (path as NSString).deletingLastPathComponent
        let beside = ((try? ScenarioFiles.expand([folder.isEmpty ? "." : folder])) ?? []).map {
            folder.isEmpty ? $0 : String($0.dropFirst(folder.count + 1))
        }
        let record = KnownFailures(
            contentsOfFile: path, scenarios: KnownFailures.scenarioNames(of: files).union(beside),
            editions: Set(plugins.editionNames))
        guard record.problems.isEmpty else {
            throw .path("--known-failures: " + record.problems.map(\.description).joined(separator: "; "))
        }
        return record
    }
}
