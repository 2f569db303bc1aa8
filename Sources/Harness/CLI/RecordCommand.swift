import Foundation
import Sandbox

/// `harness run --record FILE` and `harness run --update FILE`: writes what the app shows back into
/// the scenario as `expect` lines, after running its steps in a worker (a trap, a hang, a failing
/// step or a harness error is refused, never written down as expected), and keeps the change only
/// when the file then passes.
struct RecordCommand {
    /// Record: the expectations at the end become what the app shows. Update: only the
    /// expectations that no longer hold are rewritten.
    enum Mode: String {
        case record = "--record"
        case update = "--update"
    }

    var options: RunOptions
    var mode: Mode
    let plugins: PluginRegistry

    func execute() throws -> Int32 {
        let files = try ScenarioFiles.expand(options.paths)
        // Every file is found writable before any is run or rewritten.
        for file in files { try OutputFile(file, for: mode.rawValue).check() }
        var status: Int32 = 0
        for file in files {
            status = max(status, try rewrite(file))
        }
        return status
    }

    private func rewrite(_ file: String) throws -> Int32 {
        let source: ScenarioText
        let scenario: Scenario
        do {
            (source, scenario) = try ScenarioText.parsed(file, plugins: plugins)
        } catch {
            try StandardOutput.line(
                error.errors.map { ControlCharacters.escaped($0.description) }.joined(separator: "\n"))
            return 1
        }
        let safe = SafeRun(plugins: plugins, edition: options.edition, seed: options.seed, timeout: options.timeout)
        if let refusal = safe.refusal(scenario, text: source.text) { return refuse(refusal, file) }
        let observed = ObservedRun(scenario, edition: options.edition, seed: options.seed)
        if let failure = observed.failure {
            return refuse(RecordRefusal(outcome: "failed", detail: failure.report), file)
        }
        var rewriter = ExpectationRewriter(scenario: scenario, text: source.text)
        let summary: String
        switch mode {
        case .record:
            guard let shown = observed.finalLines else {
                return refuse(
                    RecordRefusal(
                        outcome: "ended with the app not running (end it with 'launch')",
                        detail: ""), file)
            }
            summary = "recorded " + Self.lines(rewriter.record(shown), "expect line")
        case .update:
            let (changed, stuck) = rewriter.update(observed.judged)
            for step in stuck {
                try StandardOutput.line(
                    ControlCharacters.escaped(
                        "\(step.location): \(step.text): no longer holds, and --update "
                            + "cannot rewrite this check"))
            }
            guard changed > 0 || !stuck.isEmpty else {
                try StandardOutput.line(ControlCharacters.escaped("\(file): up to date"))
                return 0
            }
            if changed == 0 { return 1 }
            summary = "updated " + Self.lines(changed, "line")
        }
        do {
            try safe.verify(rewriter.text, file: file)
        } catch {
            return refuse(error, file)
        }
        try OutputFile(file, for: mode.rawValue).write(rewriter.text)
        try StandardOutput.line(ControlCharacters.escaped("\(file): \(summary)"))
        return 0
    }

    /// `1 line`, `2 lines`.
    private static func lines(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    private func refuse(_ refusal: RecordRefusal, _ file: String) -> Int32 {
        StandardError.line(ProgramName.line(refusal.message(file: file)))
        return refusal.isHarnessError ? 3 : 1
    }
}
