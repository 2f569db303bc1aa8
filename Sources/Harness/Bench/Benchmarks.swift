import Foundation
import Sandbox

/// `harness bench`: the harness's own speed and memory, as ratios measured in one run.
public struct Benchmarks {
    public let executable: URL
    /// The plug-ins `executable` was built with: the generated scenarios are HIITFit's and Checklists'.
    public let plugins: PluginRegistry
    /// Where generated scenarios and live containers go; removed afterwards.
    let scratch: URL
    let corpus: [String]
    var log: (String) -> Void

    public init(executable: URL, plugins: PluginRegistry, corpusFolder: String,
                log: @escaping (String) -> Void) throws {
        self.executable = executable
        self.plugins = plugins
        self.scratch = FileManager.default.temporaryDirectory.appendingPathComponent("harness-bench-\(UUID().uuidString)")
        self.corpus = try ScenarioFiles.expand([corpusFolder])
        self.log = log
    }

    /// The benchmark groups, in the order they run.
    public static let groups = ["scale", "overhead", "live", "crash", "trap"]

    /// Runs the groups named in `only` (all when empty).
    public func run(only: Set<String> = []) throws -> [BenchFigure] {
        defer { try? FileManager.default.removeItem(at: scratch) }
        func wanted(_ group: String) -> Bool { only.isEmpty || only.contains(group) }
        var figures: [BenchFigure] = []
        // Scale first: its memory figures read the peak of every worker started so far.
        if wanted("scale") { figures += try scale() }
        if wanted("overhead") { figures.append(try overhead(days: 1000)) }
        if wanted("live") { figures.append(try simulatedVersusLive()) }
        if wanted("crash") { figures.append(try crashStates()) }
        if wanted("trap") { figures.append(try trapIsolation()) }
        return figures
    }

    /// Time per explored schedule over the time the app's own encoding and decoding take.
    func overhead(days: Int) throws -> BenchFigure {
        log("overhead: exploring a \(days)-day history")
        let file = try GeneratedScenarios.write(GeneratedScenarios.history(days: days), name: "overhead.scenario", in: scratch)
        let explorer = Explorer(executable: executable, plugins: plugins, edition: "hardened")
        var runs = 0
        let total = Stopwatch.seconds { runs = explorer.explore(file: file).runs.count }
        let perSchedule = total / Double(max(runs, 1))
        let history = try PlistValue(propertyList: Data(GeneratedScenarios.historyPlist(days: days).utf8)).binaryData()
        let appWork = try (0..<7).map { _ in try AppAlone.historyRun(history: history, plugins: plugins) }.sorted()[3]
        return .atMost("overhead", perSchedule / appWork, 1.25,
                       "time per explored schedule (\(format(perSchedule * 1000)) ms over \(runs) schedules) / the same app code alone on an in-memory dictionary, launch + 2 exercises + 2 relaunches of \(days) days (\(format(appWork * 1000)) ms)")
    }

    /// The fault-free corpus scenarios on the real disk and on the simulated world.
    func simulatedVersusLive() throws -> BenchFigure {
        log("simulated vs live: fault-free corpus scenarios")
        let scenarios = try corpus.map { try ScenarioParser.parse(contentsOf: URL(fileURLWithPath: $0), displayPath: $0, plugins: plugins) }
            .filter(LiveComparison.isLiveRunnable)
        let simulated = Stopwatch.median(3) { for scenario in scenarios { _ = ScenarioRunner().run(scenario) } }
        let live = try Stopwatch.median(3) {
            for (index, scenario) in scenarios.enumerated() {
                let folder = scratch.appendingPathComponent("live-\(index)")
                let files = LiveFileSystem(root: folder)
                try files.createContainer()
                _ = ScenarioRunner(liveFiles: files).run(scenario)
                try FileManager.default.removeItem(at: folder)
            }
        }
        return .info("simulatedVsLive", live / simulated,
                     "live-disk time / simulated time for the \(scenarios.count) fault-free corpus scenarios (\(format(live * 1000)) ms / \(format(simulated * 1000)) ms)")
    }

    /// Crash-point exploration in one worker against one process (plus a check process) per crash state on a real disk.
    func crashStates() throws -> BenchFigure {
        let file = corpus.first { $0.hasSuffix("checklists/every-change-is-saved.scenario") } ?? corpus[0]
        log("crash states: \(file)")
        let explorer = Explorer(executable: executable, plugins: plugins, edition: "hardened")
        explorer.scheduleFilter = { if case .crashAfter(.kill) = $0.rule.fault { return true } else { return false } }
        var states = 0
        let inProcess = Stopwatch.seconds { states = explorer.explore(file: file).runs.count }
        let count = min(states, 30)
        let perProcess = try Stopwatch.seconds {
            for state in 1...count {
                let folder = scratch.appendingPathComponent("crash-\(state)").path
                try runChild(["crash-state", file, "--dir", folder, "--exit-after", String(state)])
                try runChild(["crash-state", file, "--dir", folder, "--check"])
                try FileManager.default.removeItem(atPath: folder)
            }
        }
        let ratio = (perProcess / Double(count)) / (inProcess / Double(max(states, 1)))
        return .atLeast("crashStatesInProcessSpeedup", ratio, 50,
                        "time per crash state, one process per state on a real disk (\(format(perProcess / Double(count) * 1000)) ms) / in one worker (\(format(inProcess / Double(max(states, 1)) * 1000)) ms)")
    }

    /// A trap-heavy exploration with worker restarts against one process per schedule.
    func trapIsolation() throws -> BenchFigure {
        let file = corpus.first { $0.hasSuffix("hiitfit/done-exercises-survive-relaunch.scenario") } ?? corpus[0]
        log("trap isolation: book edition of \(file)")
        let restarting = Explorer(executable: executable, plugins: plugins, edition: "book")
        var traps = 0, runs = 0
        let withRestarts = Stopwatch.seconds {
            let found = restarting.explore(file: file).runs
            runs = found.count
            traps = found.filter { $0.outcome == .trap }.count
        }
        let perSchedule = Explorer(executable: executable, plugins: plugins, edition: "book")
        perSchedule.freshWorkerPerRun = true
        let oneProcessEach = Stopwatch.seconds { _ = perSchedule.explore(file: file) }
        return .atLeast("trapIsolationSpeedup", oneProcessEach / withRestarts, 10,
                        "one process per schedule (\(format(oneProcessEach)) s) / a worker restarted after each trap (\(format(withRestarts)) s), \(runs) schedules of which \(traps) trap")
    }

    /// Explored schedules per second and peak memory as the history grows, and a 1,000-operation scenario.
    func scale() throws -> [BenchFigure] {
        var figures: [BenchFigure] = []
        // First, so the peak memory of all workers so far is this scenario's.
        log("scale: a 1,000-operation scenario")
        let file = try GeneratedScenarios.write(GeneratedScenarios.checklist(operations: 1000), name: "ops-1000.scenario", in: scratch)
        let scenario = try ScenarioParser.parse(contentsOf: URL(fileURLWithPath: file), displayPath: file, plugins: plugins)
        let operations = ScenarioRunner().run(scenario).operations.count
        do {
            let explorer = Explorer(executable: executable, plugins: plugins, edition: "hardened")
            explorer.scheduleLimit = 60
            _ = explorer.explore(file: file)
            explorer.shutDown()
        }
        figures.append(.atMost("scale.memory1000Operations", Stopwatch.childrenPeakMegabytes, 200,
                               "peak resident memory (MB) of the workers exploring a \(operations)-operation scenario"))
        var perSchedule: [Int: Double] = [:]
        let sizes = [10, 100, 1000, 10_000]
        for days in sizes {
            log("scale: \(days) days")
            let file = try GeneratedScenarios.write(GeneratedScenarios.history(days: days), name: "scale-\(days).scenario", in: scratch)
            var runs = 0
            let seconds: Double = {
                let explorer = Explorer(executable: executable, plugins: plugins, edition: "hardened")
                explorer.scheduleLimit = 120
                defer { explorer.shutDown() }
                return Stopwatch.seconds { runs = explorer.explore(file: file).runs.count }
            }()
            perSchedule[days] = seconds / Double(max(runs, 1))
            figures.append(.info("scale.\(days)days.schedulesPerSecond", Double(runs) / seconds, "explored schedules per second, history of \(days) days"))
            figures.append(.info("scale.\(days)days.peakMegabytes", Stopwatch.childrenPeakMegabytes, "peak resident memory of any worker so far, MB"))
        }
        // Linear cost a + b·days: the extra cost of 1,000→10,000 days is ten times that of 100→1,000.
        let growth = ((perSchedule[10_000]! - perSchedule[1000]!) / (perSchedule[1000]! - perSchedule[100]!)) / 10
        figures.append(.atMost("scale.linearity", growth, 1.5,
                               "(cost(10000) - cost(1000)) / (cost(1000) - cost(100)) / 10 per schedule: 1 is linear"))
        return figures
    }

    private func runChild(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }

    private func format(_ value: Double) -> String { String(format: "%.3g", value) }
}
