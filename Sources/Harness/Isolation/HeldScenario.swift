import Sandbox

/// A scenario a worker holds: parsed once, with the fault-free runs that later runs of it are judged
/// against (run once each, not once a schedule).
struct HeldScenario {
    let scenario: Scenario
    /// The last few fault-free runs, by edition and seed (a power-loss schedule's fate changes the seed).
    private var baselines: [(edition: String?, seed: UInt64, record: ExplorationRecord)] = []
    static let baselineCapacity = 4

    init(scenario: Scenario) { self.scenario = scenario }

    /// The fault-free run `job` is held to: same edition and seed.
    func baseline(for job: WorkerJob) -> ExplorationRecord? {
        baselines.first { $0.edition == job.edition && $0.seed == job.seed }?.record
    }

    /// Keeps `record` as the fault-free run of `job`'s edition and seed.
    mutating func keep(_ record: ExplorationRecord, for job: WorkerJob) {
        baselines.removeAll { $0.edition == job.edition && $0.seed == job.seed }
        baselines.append((job.edition, job.seed, record))
        if baselines.count > Self.baselineCapacity { baselines.removeFirst() }
    }

    /// The fault-free run `job` is judged against: the one kept, or else run now and kept (`observer` sees its
    /// operations); nil when the run kept no record. Workers and the fork server's template both get it here,
    /// so a worker that inherits one judges against the very run it would have made itself.
    mutating func faultFreeRun(
        for job: WorkerJob, observer: (@Sendable (OperationRecord) -> Void)? = nil
    ) -> ExplorationRecord? {
        if let kept = baseline(for: job) { return kept }
        var runner = ScenarioRunner(edition: job.edition, mode: .faultFree, seed: job.seed, tracing: job.tracing)
        runner.operationObserver = observer
        guard let record = runner.run(scenario).exploration else { return nil }
        keep(record, for: job)
        return record
    }
}
