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
}
