/// A report that `--shard` splits by scenario file and `harness merge` puts back together: an entry per
/// scenario file, in the order of the files, and totals made from the entries.
protocol ShardableReport: Codable {
    /// What one scenario file contributes.
    associatedtype ScenarioEntry
    /// `run` or `explore`.
    static var command: String { get }
    var edition: String { get }
    var shard: ShardLabel? { get set }
    /// Each scenario file's entry with the file, in order; nil when the report's parts disagree with each other.
    var entries: [(file: String, entry: ScenarioEntry)]? { get }
    /// The report of these entries, with the totals.
    init(edition: String, entries: [ScenarioEntry])
    /// The command's exit status for this report: 3 when the harness could not carry out some run,
    /// else 1 when the app failed, else 0.
    var exitStatus: Int32 { get }
    var junit: JUnitReport { get }
    func json() throws -> String
}

extension RunReport: ShardableReport {
    static let command = "run"

    var entries: [(file: String, entry: ScenarioOutcome)]? { scenarios.map { ($0.scenario, $0) } }

    init(edition: String, entries: [ScenarioOutcome]) { self.init(edition: edition, scenarios: entries) }

    public var exitStatus: Int32 { notRun > 0 ? 3 : (failed > 0 ? 1 : 0) }
}

extension ExploreReport: ShardableReport {
    static let command = "explore"

    /// A scenario's summary and its runs.
    struct ScenarioEntry {
        var summary: ScenarioSummary
        var runs: ArraySlice<ExploredRun>
    }

    /// The runs cut at each scenario's schedule count: nil unless they add up and each run is its scenario's.
    var entries: [(file: String, entry: ScenarioEntry)]? {
        var start = runs.startIndex
        var entries: [(file: String, entry: ScenarioEntry)] = []
        for summary in scenarios {
            guard summary.schedules >= 0, summary.schedules <= runs.endIndex - start else { return nil }
            let mine = runs[start..<(start + summary.schedules)]
            guard mine.allSatisfy({ $0.scenario == summary.scenario }) else { return nil }
            entries.append((summary.scenario, ScenarioEntry(summary: summary, runs: mine)))
            start += summary.schedules
        }
        return start == runs.endIndex ? entries : nil
    }

    init(edition: String, entries: [ScenarioEntry]) {
        self.init(edition: edition, scenarios: entries.map(\.summary), runs: entries.flatMap(\.runs))
    }

    public var exitStatus: Int32 { harnessErrors > 0 ? 3 : (foundFailures ? 1 : 0) }
}
