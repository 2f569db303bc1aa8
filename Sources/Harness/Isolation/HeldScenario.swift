import Sandbox

/// A scenario a worker holds: parsed once, with the side runs its runs' judge asked for (run once each, not once a
/// schedule).
struct HeldScenario {
    let scenario: Scenario
    /// The side runs, by edition and seed (a power-loss schedule's fate changes the seed): later runs ask the same.
    private var sideRuns: [(edition: String?, seed: UInt64, runs: SideRuns)] = []
    static let capacity = 4

    init(scenario: Scenario) { self.scenario = scenario }

    /// The side runs for `runner`'s runs of `job`'s edition and seed, kept for the next job.
    mutating func sideRuns(for job: WorkerJob, runner: ScenarioRunner) -> SideRuns {
        if let kept = sideRuns.first(where: { $0.edition == job.edition && $0.seed == job.seed }) { return kept.runs }
        let runs = SideRuns(runner, scenario: scenario)
        sideRuns.append((job.edition, job.seed, runs))
        if sideRuns.count > Self.capacity { sideRuns.removeFirst() }
        return runs
    }

    /// Runs `job`, the fault-free run, as a worker would, and asks the side run its schedules' judges ask first: the
    /// fork server's template prepares a scenario so, and every worker it forks starts out with the answers.
    mutating func prepare(for job: WorkerJob) -> RunResult {
        var runner = ScenarioRunner(edition: job.edition, mode: .faultFree, seed: job.seed)
        let sideRuns = sideRuns(for: job, runner: runner)
        runner.sideRuns = sideRuns
        let result = runner.run(scenario)
        sideRuns.askAboutTheSteps(of: runner.editionName(for: scenario))
        return result
    }
}
