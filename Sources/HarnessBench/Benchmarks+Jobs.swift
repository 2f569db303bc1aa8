import Foundation
import Harness
import Sandbox

extension Benchmarks {
    /// Wall time of exploring the whole corpus in one worker over two lanes (`explore --jobs`).
    /// Wall time, not CPU time: two lanes do the same work and spend the same CPU, only sooner.
    func parallelExploration() throws -> BenchFigure {
        log("jobs: the whole corpus explored with --jobs 1 and --jobs 2")
        var outcomes: [[OutcomeClass]] = [[], []]
        let costs = try Rounds.measure(
            longRounds,
            [1, 2].enumerated().map { slot, jobs in
                {
                    try ChildProcesses.awaitAllReaped()
                    let start = ContinuousClock.now
                    outcomes[slot] = try exploreCorpus(jobs: jobs)
                    let elapsed = (ContinuousClock.now - start).components
                    return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
                }
            })
        // Both must have done the same work: the same verdict for every schedule.
        guard outcomes[0] == outcomes[1] else {
            throw BenchError("jobs: --jobs 2 judged the corpus's schedules differently from --jobs 1")
        }
        return try BenchFigure(
            name: "jobs2Throughput", rounds: costs.map { $0[0] / $0[1] }, target: .atLeast(1.7),
            divides: "wall time of exploring the whole corpus with --jobs 1 / with --jobs 2 (the same schedules, "
                + "each app's default edition)",
            detail: "\(corpus.count) scenarios, \(outcomes[0].count) schedules: "
                + "\(milliseconds(median(costs, 0))) / \(milliseconds(median(costs, 1)))")
    }

    /// Every corpus scenario explored with `jobs` lanes: the class of each run, in report order.
    private func exploreCorpus(jobs: Int) throws -> [OutcomeClass] {
        let explorer = Explorer(executable: executable, plugins: plugins)
        explorer.jobs = jobs
        defer { explorer.shutDown() }
        var outcomes: [OutcomeClass] = []
        for (file, exploration) in zip(corpus, explorer.explore(files: corpus)) {
            let runs = exploration.runs
            // A run the harness could not carry out measured nothing.
            if let lost = runs.first(where: { $0.outcome == .harnessError }) {
                throw BenchError("\(file): \(lost.fault) was not carried out: \(lost.message ?? "")")
            }
            outcomes += runs.map(\.outcome)
        }
        return outcomes
    }
}
