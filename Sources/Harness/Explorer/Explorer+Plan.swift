import Foundation
import Sandbox

/// One scenario file's exploration in two halves: its plan (read, run fault-free, schedules made), then its
/// report once every schedule's verdict is in, so the schedules of many files can run as one pool.
extension Explorer {
    typealias Verdicts = [(run: Verdict, replay: Verdict?)]

    /// A scenario read and run fault-free, with the schedules to explore after that run (none when the
    /// scenario could not be read, or its fault-free run did not finish).
    struct Plan {
        var exploration: ScenarioExploration
        var source = ScenarioText(file: "", text: "")
        var scenario: Scenario?
        var edition = ""
        var baseline: RunResult?
        var schedules: [Schedule] = []
    }

    func plan(_ file: String, in runner: IsolatedRunner) -> Plan {
        var plan = Plan(
            exploration: ScenarioExploration(
                scenario: file, edition: edition ?? "", runs: [], sitesReached: [],
                faultsFired: [:], neverFired: [], notApplicable: [], problem: nil))
        let scenario: Scenario
        do {
            plan.source = try ScenarioText(contentsOf: file)
            scenario = try plan.source.parse(plugins: plugins)
        } catch {
            plan.exploration.problem = "invalid scenario"
            plan.exploration.errors = error.errors.map(\.description)
            return plan
        }
        plan.scenario = scenario
        let edition = self.edition ?? scenario.plugin.defaultEdition
        plan.edition = edition
        plan.exploration.edition = edition
        guard scenario.plugin.edition(named: edition) != nil else {
            plan.exploration.problem = "no edition '\(edition)': \(scenario.plugin.editionsDescription)"
            return plan
        }
        var baselineJob = WorkerJob(
            scenario: plan.source, edition: edition, seed: seed, mode: .faultFree,
            includeOperations: true)
        baselineJob.includeObservations = false
        let faultFree: ExploredRun
        switch runner.run(baselineJob) {
        case .finished(let result):
            // Schedules placed on a run cut short would explore less than the scenario: not a pass.
            if let failure = result.failure {
                plan.exploration.problem = "the fault-free run could not carry out a step"
                plan.exploration.errors = [failure.summary]
                // What the oracles found before that step is said too: a loss is not hidden behind the step it caused.
                if result.verdict.isFailure, let message = result.verdictMessage {
                    plan.exploration.errors.append("before it: \(result.verdict.rawValue): \(message)")
                }
                return plan
            }
            plan.baseline = result
            faultFree = faultFreeRun(file, result.verdict, result.verdictMessage, at: result.verdictLocation)
        case .trapped(let progress, let message):
            faultFree = faultFreeRun(file, .trap, message, at: progress.step.map { scenario.steps[$0].location })
        case .hung(let progress, let message):
            faultFree = faultFreeRun(file, .hang, message, at: progress.step.map { scenario.steps[$0].location })
        case .harnessError(let message):
            faultFree = faultFreeRun(file, .harnessError, message)
        case .judged:
            faultFree = faultFreeRun(file, .harnessError, "the worker judged the fault-free run")
        }
        plan.exploration.runs = [faultFree]
        guard let baseline = plan.baseline else { return plan }
        var schedules = ScheduleGenerator.schedules(after: baseline, edition: edition, seed: seed)
        if let scheduleFilter { schedules = schedules.filter(scheduleFilter) }
        if let scheduleLimit { schedules = Array(schedules.prefix(scheduleLimit)) }
        plan.schedules = schedules
        return plan
    }

    /// The plan's exploration with every schedule's verdict (in schedule order) folded in, and its failures
    /// reproduced when reproductions are asked for.
    func finish(_ plan: Plan, verdicts: Verdicts) -> ScenarioExploration {
        var exploration = plan.exploration
        guard let scenario = plan.scenario, exploration.problem == nil else { return exploration }
        let file = exploration.scenario
        let reproducer = reproductionFolder.map { folder in
            Reproducer(
                explorer: self, source: ScenarioSource(scenario: scenario, text: plan.source.text),
                folder: folder, edition: plan.edition)
        }
        guard let baseline = plan.baseline else {
            if let reproducer { reproduce(&exploration, with: reproducer, schedules: []) }
            return exploration
        }
        let operations = baseline.operations
        let steps = OperationSteps(baseline: baseline, scenario: scenario)
        let schedules = plan.schedules
        exploration.sitesReached = Array(Set(operations.filter { $0.kind != .now }.map(Self.site))).sorted()
        for (schedule, verdict) in zip(schedules, verdicts) {
            let run = verdict.run
            if let replay = verdict.replay {
                if replay.outcome != run.outcome || replay.traceHash != run.traceHash {
                    exploration.nondeterministic.append(
                        "\(schedule.scenarioLine) (seed \(schedule.seed)): \(run.outcome.rawValue) \(run.traceHash) "
                            + "then \(replay.outcome.rawValue) \(replay.traceHash)"
                    )
                }
                exploration.replayed += 1
            }
            let (site, location) = Self.place(of: schedule, operations: operations, steps: steps, scenario: scenario)
            exploration.runs.append(
                ExploredRun(
                    scenario: file, operation: schedule.operation, site: site, fault: schedule.scenarioLine,
                    column: schedule.faultName, seed: schedule.seed, outcome: run.outcome, injected: run.injected,
                    message: run.message, traceHash: run.traceHash, reproduction: nil, location: location))
            if run.injected { exploration.faultsFired[schedule.faultName, default: 0] += 1 }
        }
        let columns = Set(schedules.map(\.faultName))
        exploration.neverFired = columns.subtracting(exploration.faultsFired.keys).sorted()
        let kinds = Set(operations.map(\.kind))
        exploration.notApplicable = ScheduleGenerator.errorFaults
            .filter { fault in !kinds.contains(where: fault.applies(to:)) }
            .map { $0.words.joined(separator: " ") }
        if let reproducer { reproduce(&exploration, with: reproducer, schedules: schedules) }
        return exploration
    }
}
