import Foundation
import Harness
import Sandbox

/// `harness bench`: what the harness costs, as ratios of CPU time measured over alternating
/// rounds (see `Rounds`), each figure judged on its median round.
struct Benchmarks {
    let executable: URL
    /// The plug-ins `executable` was built with: the generated scenarios are HIITFit's and Checklists'.
    let plugins: PluginRegistry
    /// Where generated scenarios and live containers go; removed afterwards.
    let scratch: URL
    let corpus: [String]
    /// Rounds per figure: enough for a median and a range, few enough for the bench to take minutes.
    let rounds: Int
    /// Rounds of the figures one round of which costs several seconds of CPU (scale, trap, launch).
    let longRounds: Int
    var log: (String) -> Void

    /// `rounds`, when given, is every figure's number of rounds.
    init(
        executable: URL, plugins: PluginRegistry, corpusFolder: String, rounds: Int? = nil,
        log: @escaping (String) -> Void
    ) throws {
        self.executable = executable
        self.plugins = plugins
        self.rounds = rounds ?? 5
        self.longRounds = rounds ?? 3
        self.scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("harness-bench-\(UUID().uuidString)")
        self.corpus = try ScenarioFiles.expand([corpusFolder])
        self.log = log
    }

    /// The benchmark groups, in the order they run.
    static let groups = ["scale", "overhead", "live", "crash", "trap", "launch", "jobs", "folder", "fixed"]

    /// Runs the groups named in `only` (all when empty).
    func run(only: Set<String> = []) throws -> [BenchFigure] {
        defer { try? FileManager.default.removeItem(at: scratch) }
        func wanted(_ group: String) -> Bool { only.isEmpty || only.contains(group) }
        var figures: [BenchFigure] = []
        // Scale first: its memory figure for 1,000 operations is the peak of every worker started so far.
        if wanted("scale") { figures += try scale() }
        if wanted("overhead") { figures.append(try overhead(days: 1000)) }
        if wanted("live") { figures.append(try simulatedVersusLive()) }
        if wanted("crash") { figures += try crashStates() }
        if wanted("trap") { figures.append(try trapIsolation()) }
        if wanted("launch") { figures += [try launchLinearity(), try killedProcessesMemory()] }
        if wanted("jobs") { figures.append(try parallelExploration()) }
        if wanted("folder") { figures.append(try crashStatesInAFolder()) }
        if wanted("fixed") { figures.append(try explorationFixedCost()) }
        return figures
    }

    /// A corpus scenario by the end of its path.
    func corpusFile(_ suffix: String) throws -> String {
        guard let file = corpus.first(where: { $0.hasSuffix(suffix) }) else {
            throw BenchError("no scenario '\(suffix)' in the corpus")
        }
        return file
    }

    /// Explores `file` and ends the workers; throws unless every schedule planned was carried out. Its runs
    /// are the schedules' alone: the figures count schedules, and the fault-free run is not one.
    func explore(_ explorer: Explorer, _ file: String) throws -> ScenarioExploration {
        var exploration = explorer.explore(file: file)
        explorer.shutDown()
        if let problem = exploration.problem { throw BenchError("\(file): \(problem)") }
        // A fault-free run that did not finish is the only run: no schedule was explored.
        guard exploration.runs.contains(where: { $0.operation > 0 }) else {
            let why = exploration.runs.first.map { "the fault-free run ended \($0.outcome.rawValue)" } ?? "no run"
            throw BenchError("\(file): no schedule was explored (\(why))")
        }
        // A run the harness could not carry out measured nothing; a trap or a hang is the app's own doing.
        if let lost = exploration.runs.first(where: { $0.outcome == .harnessError }) {
            throw BenchError("\(file): \(lost.fault) was not carried out: \(lost.message ?? "")")
        }
        exploration.runs.removeAll(where: \.isFaultFree)
        return exploration
    }

    /// Runs `job` in `runner`'s worker; throws unless it ran to the end. As the explorer, takes a step
    /// the run could not carry out as a run cut short: it would measure less than the scenario.
    func finishedRun(_ job: WorkerJob, in runner: IsolatedRunner) throws -> RunResult {
        switch runner.run(job) {
        case .finished(let result):
            if let failure = result.failure { throw BenchError("\(job.file): a step failed: \(failure.summary)") }
            return result
        case .trapped(_, let message): throw BenchError("\(job.file): the app trapped: \(message)")
        case .hung(_, let message): throw BenchError("\(job.file): the app hung: \(message)")
        case .harnessError(let problem): throw BenchError("\(job.file): \(problem)")
        case .judged: throw BenchError("\(job.file): the worker judged a run it was asked to return")
        }
    }

    /// The median of one workload's costs over the rounds.
    func median(_ costs: [[Double]], _ workload: Int) -> Double {
        Spread(costs.map { $0[workload] })?.median ?? .nan
    }

    /// Seconds as milliseconds, three significant digits.
    func milliseconds(_ seconds: Double) -> String { String(format: "%.3g ms", seconds * 1000) }
}
