import Foundation
import Sandbox

/// Shrinks a failing schedule (earliest occurrence, fewer steps) and writes it as a
/// scenario file that `harness run` fails the same way.
struct Reproducer {
    let explorer: Explorer
    let source: ScenarioSource
    let folder: URL
    /// The edition explored, by name.
    let edition: String

    private var scenario: Scenario { source.scenario }

    /// Why a failure has no reproduction file.
    struct Problem: Error, CustomStringConvertible {
        var description: String
        /// The file could not be written: not the failure's doing, but the harness's.
        var failedWrite: OutputError?

        init(description: String, failedWrite: OutputError? = nil) {
            self.description = description
            self.failedWrite = failedWrite
        }
    }

    /// Writes the reproduction of `run` and returns its path.
    func write(schedule: Schedule, run: ExploredRun) throws(Problem) -> String {
        let outcome = run.outcome
        var keep = actingSteps
        // A lifecycle event ends the run after its step: the scenario is cut there.
        if let event = schedule.lifecycle { keep = keep.filter { $0 <= event.step } }
        // A hang is written as found: every attempt that still hangs would cost two deadlines.
        if outcome == .hang {
            return try save(
                reproductionText(
                    keep: keep, event: schedule.event, seed: schedule.seed, outcome: outcome,
                    message: run.message, records: nil), outcome: outcome)
        }
        var event = schedule.event
        guard var verdict = attempt(keep, event, schedule.seed), verdict.outcome == outcome else {
            throw Problem(description: "the schedule did not fail the same way when run again")
        }
        // A smaller scenario is kept only while it shows the same failure, not another of the same class.
        let failure = self.failure(verdict)
        let same = { (found: Explorer.Verdict) in found.outcome == outcome && self.failure(found) == failure }
        // The earliest occurrence that still fails the same way.
        if case .fault(let rule) = event, let n = occurrenceNumber(rule.occurrence), n > 1 {
            for earlier in 1..<n {
                var candidate = rule
                candidate.occurrence = withNumber(rule.occurrence, earlier)
                if let found = attempt(keep, .fault(candidate), schedule.seed), same(found) {
                    event = .fault(candidate)
                    verdict = found
                    break
                }
            }
        }
        keep = shrunk(keep) { smaller in
            guard let found = attempt(smaller, event, schedule.seed), same(found) else { return false }
            verdict = found
            return true
        }
        let records = verdict.record.flatMap { record in verdict.baseline.map { (record, $0) } }
        return try save(
            reproductionText(
                keep: keep, event: event, seed: schedule.seed, outcome: outcome,
                message: verdict.message, records: records), outcome: outcome)
    }

    /// Writes the reproduction of the fault-free run's failure: the scenario without its `expect` lines
    /// (the oracles fail it), shrunk to fewer steps while it fails the same way; a hang as found.
    func write(faultFree run: ExploredRun) throws(Problem) -> String {
        let outcome = run.outcome
        var keep = actingSteps
        if outcome != .hang {
            guard let whole = attempt(keep), whole.outcome == outcome else {
                throw Problem(description: "the fault-free run did not end the same way when run again")
            }
            // Kept only while the smaller scenario loses the same data, wherever its lines now are.
            keep = shrunk(keep) { smaller in attempt(smaller).map { $0 == whole } ?? false }
        }
        let header = header(" in the fault-free run", outcome: outcome, message: run.message)
        return try save(source.text(keeping: keep, header: header, prelude: seedPrelude(run.seed)), outcome: outcome)
    }

    /// What a failing run lost, apart from where: the data the relaunch lacks (`items ("List", "Pay rent", false)
    /// is missing`), the files written over, or the trap's message; nil when the run kept no record of it.
    private func failure(_ verdict: Explorer.Verdict) -> String? {
        guard verdict.outcome != .trap else { return verdict.message }
        guard let record = verdict.record, let baseline = verdict.baseline else { return nil }
        if verdict.outcome == .silentOverwrite, !record.overwritten.isEmpty {
            return Set(record.overwritten).sorted().joined(separator: ", ")
        }
        guard let shown = record.recovered, let expected = Oracle.expectedState(baseline: baseline, run: record)
        else { return nil }
        let loss = Loss(
            shown: shown, expected: expected, removed: record.removedEntries(), plugin: scenario.plugin,
            calendar: DayNames.calendar(timeZone: record.timeZone))
        return loss.what + " " + loss.how
    }

    /// Fewer steps, last first: each removal is kept while the smaller scenario still `fails` the same way.
    private func shrunk(_ keep: Set<Int>, while fails: (Set<Int>) -> Bool) -> Set<Int> {
        var keep = keep
        for index in keep.sorted().reversed() where source.isRemovable(index) {
            var smaller = keep
            smaller.remove(index)
            if fails(smaller) { keep = smaller }
        }
        return keep
    }

    /// Adds `text` as a comment line after the opening line of the reproduction at `path`.
    static func addComment(_ comment: String, to path: String) throws(OutputError) {
        let file = OutputFile(path, for: flag)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw OutputError(output: file.name, reason: "it is gone", whileWriting: true)
        }
        var lines = text.components(separatedBy: "\n")
        lines.insert("# " + ControlCharacters.escaped(comment), at: min(1, lines.count))
        try file.write(lines.joined(separator: "\n"))
    }

    /// The flag reproductions are written for, as messages name it.
    static let flag = "--write-repros"

    /// A reproduction's opening comment: what found it, how to run it, and which code a plain launch runs.
    private func header(_ foundIn: String, outcome: OutcomeClass, message: String?) -> [String] {
        let hang = outcome == .hang
        let timeout = hang ? " --timeout \(IsolatedRunner.seconds(explorer.timeout))" : ""
        // The worker's program is one that knows the edition: `harness` does not know a user's.
        let program = explorer.isolated.executable.lastPathComponent
        var header = [
            "Found by `\(program) explore --edition \(edition)`\(foundIn): "
                + "\(outcome.rawValue)\(message.map { " (\($0))" } ?? "").",
            (hang ? "Taken whole from \(scenario.file) (a hang is not shrunk)." : "Shrunk from \(scenario.file).")
                + " Reproduce with:",
            "  \(program) run --edition \(edition)\(timeout) THIS-FILE",
        ]
        if scenario.changesEditions {
            header.append("Each plain launch runs the edition the last 'launch edition' or 'upgrade' installed.")
        }
        // A comment must stay one comment: a trap message or file name could otherwise start a step.
        return header.map { ControlCharacters.escaped($0) }
    }

    /// How the scenario cut to `keep`, with no fault, ends: its verdict and what it says was lost (its message
    /// without line numbers), a trap and its message, or a hang; nil when a step could not be carried out or the
    /// harness failed.
    private func attempt(_ keep: Set<Int>) -> FaultFreeEnd? {
        let text = ScenarioText(file: scenario.file, text: source.text(keeping: keep))
        let job = WorkerJob(scenario: text, edition: edition, seed: explorer.seed, mode: .faultFree)
        switch explorer.isolated.run(job) {
        case .finished(let result):
            guard result.failure == nil else { return nil }
            return FaultFreeEnd(outcome: result.verdict, failure: result.verdictMessage.map(Self.withoutLineNumbers))
        case .trapped(_, let message): return FaultFreeEnd(outcome: .trap, failure: message)
        case .hung: return FaultFreeEnd(outcome: .hang, failure: nil)
        case .judged, .harnessError: return nil
        }
    }

    /// How a fault-free run ended, as shrinking compares it.
    private struct FaultFreeEnd: Equatable {
        var outcome: OutcomeClass
        var failure: String?
    }

    /// `relaunch at line 11: items: [ ] Milk acknowledged at line 7 is missing` without its places: the same
    /// loss found in a shorter scenario names other lines.
    private static func withoutLineNumbers(_ message: String) -> String {
        var words = message.split(separator: " ", omittingEmptySubsequences: false)
        for index in words.indices.dropFirst() where words[index - 1] == "line" {
            words[index] = words[index].drop { $0.isNumber }
        }
        return words.joined(separator: " ")
    }

    /// `seed N` when the run's seed is not the scenario's own and not the default.
    private func seedPrelude(_ seed: UInt64) -> [String] {
        let hasSeed = scenario.steps.contains { if case .seed = $0.command { return true } else { return false } }
        return hasSeed || seed == 0 ? [] : ["seed \(seed)"]
    }

    /// The steps the edition runs, `expect` lines aside: a reproduction writes its own, or leaves it to the oracles.
    private var actingSteps: Set<Int> {
        Set(
            scenario.steps.indices.filter { index in
                let step = scenario.steps[index]
                if case .expect = step.command { return false }
                return step.condition?.holds(for: edition) ?? true
            })
    }

    /// Writes `text` as this scenario's reproduction of `outcome`; returns its path.
    private func save(_ text: String, outcome: OutcomeClass) throws(Problem) -> String {
        // The folder is part of the name: hiitfit/ and checklists/ may hold scenarios of the same name.
        let path = scenario.file as NSString
        let folderName = (path.deletingLastPathComponent as NSString).lastPathComponent
        let name =
            (folderName.isEmpty ? "" : folderName + "-")
            + path.lastPathComponent.replacingOccurrences(of: ".scenario", with: "")
        // As the folder was given: `repros/x.scenario` stays true wherever the checkout is (and for merged shards).
        let url = folder.appendingPathComponent("\(name)-\(outcome.rawValue).scenario")
        do {
            try OutputFolder(folder.relativePath, for: Self.flag).make()
            try OutputFile(url.relativePath, for: Self.flag).write(text)
        } catch {
            throw Problem(description: error.description, failedWrite: error)
        }
        return url.relativePath
    }

    /// Runs the scenario cut to `keep` with `event`, judged against its own fault-free run;
    /// nil when the fault no longer fires.
    private func attempt(_ keep: Set<Int>, _ event: Schedule.Event, _ seed: UInt64) -> Explorer.Verdict? {
        let text = ScenarioText(file: scenario.file, text: source.text(keeping: keep))
        var schedule = Schedule(operation: 0, event: event, seed: seed)
        // The cut scenario ends with the step the event follows: it is placed after its last step.
        if case .lifecycle(var lifecycle) = event {
            guard let cut = try? text.parse(plugins: explorer.plugins),
                let last = cut.steps.indices.last(where: { cut.steps[$0].condition?.holds(for: edition) ?? true })
            else { return nil }
            lifecycle.step = last
            schedule.event = .lifecycle(lifecycle)
        }
        let verdict = explorer.judge(schedule.job(text, edition: edition), keepRecords: true)
        return verdict.injected ? verdict : nil
    }

    /// The reproduction: the kept steps with the fault, and, for a failure the app survives, the
    /// relaunch and what the oracle held it to (`records`: the run's and its fault-free run's).
    private func reproductionText(
        keep: Set<Int>, event: Schedule.Event, seed: UInt64, outcome: OutcomeClass,
        message: String?, records: (ExplorationRecord, ExplorationRecord)?
    ) -> String {
        var prelude = seedPrelude(seed)
        var ending: [String] = []
        var endingUses: Set<String> = []
        // The relaunch the oracle judged ran with every fault cleared.
        let armsFaults = keep.contains { if case .fault = scenario.steps[$0].command { true } else { false } }
        let relaunch = (event.rule != nil || armsFaults ? ["faults clear"] : []) + ["launch"]
        switch event {
        case .fault(let rule): prelude.append(FaultSyntax.line(for: rule))
        // The event follows the last kept step, as the explorer placed it.
        case .lifecycle(let lifecycle): ending = lifecycle.kind.scenarioLines + relaunch
        }
        if let (record, baseline) = records {
            if case .fault = event {
                if record.observations.last.map({ $0 != nil }) ?? false { ending.append("background") }
                ending += ["kill"] + relaunch
            }
            let calendar = DayNames.calendar(timeZone: record.timeZone)
            ending +=
                Oracle.expectedState(baseline: baseline, run: record)
                .map { scenario.plugin.expectations(for: $0, calendar: calendar) } ?? []
            // A file the app never got to read must still hold what it held (its fixture).
            if outcome == .silentOverwrite {
                let fixtures = Set(record.overwritten).sorted().compactMap { scenario.fixture(at: $0) }
                ending += fixtures.map { "expect file \($0.name) unchanged" }
                endingUses = Set(fixtures.map(\.name))
            }
        }
        return source.text(
            keeping: keep, header: header("", outcome: outcome, message: message), prelude: prelude, ending: ending,
            endingUses: endingUses)
    }

    private func occurrenceNumber(_ occurrence: FaultRule.Occurrence) -> Int? {
        switch occurrence {
        case .nth(let n), .from(let n): return n
        case .every: return nil
        }
    }

    private func withNumber(_ occurrence: FaultRule.Occurrence, _ n: Int) -> FaultRule.Occurrence {
        if case .from = occurrence { return .from(n) }
        return .nth(n)
    }
}
