import Foundation
import Harness
import Testing

/// A folder of scenario files as Swift Testing cases: one test case per file, and each failure
/// recorded at the scenario's own file, line and column, so that CI and the IDE point at the
/// scenario line that failed.
///
/// ```swift
/// import HarnessTesting
/// import Testing
///
/// let scenarios = ScenarioFolder(
///     URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scenarios"),
///     plugins: [.habits], worker: BuildProducts.executable(named: "HabitsCLI"))
///
/// @Test(arguments: scenarios.files)
/// func scenario(_ file: ScenarioFile) { scenarios.check(file) }
/// ```
///
/// With a known-failures record (`knownFailures:`), an edition is held to it both ways: a scenario
/// listed for the edition must fail, and every other scenario must pass.
public struct ScenarioFolder: Sendable {
    /// The folder; every `.scenario` file under it is a test case.
    public let root: URL
    /// The plug-ins, or what is wrong with their declarations (every check then records it).
    public let plugins: Result<PluginRegistry, PluginError>
    /// The executable that runs each scenario as `worker` (a harness built with the same plug-ins,
    /// such as your own `HarnessCommand.main(plugins:)`), so that an app that traps ends only its
    /// scenario. nil: scenarios run in the test process, and an app that traps ends the test run.
    public let worker: URL?
    /// Which scenarios each edition is known to fail, read against the folder's scenarios and the
    /// plug-ins' editions; nil: every scenario must pass.
    public let knownFailures: KnownFailures?
    /// The scenario files' paths in `root`, or why there are none: found once, for the record and the cases.
    private let paths: Result<[String], ScenarioSelectionError>

    /// A folder whose scenarios name apps of `plugins`; `knownFailures` is the record of the scenarios
    /// each edition is known to fail (see `KnownFailures`), with scenario paths relative to `root`.
    public init(_ root: URL, plugins: [AppPlugin], worker: URL? = nil, knownFailures: URL? = nil) {
        self.root = root
        self.plugins = Result { () throws(PluginError) in try PluginRegistry(plugins) }
        self.worker = worker
        paths = Self.paths(under: root)
        let scenarios = KnownFailures.scenarioNames(of: (try? paths.get()) ?? [])
        let editions = Set((try? self.plugins.get())?.editionNames ?? [])
        self.knownFailures = knownFailures.map {
            KnownFailures(contentsOfFile: $0.path, scenarios: scenarios, editions: editions)
        }
    }

    /// The scenario files under the folder when it was made, sorted. A folder that is missing, unreadable or holds no
    /// scenario gives one case that fails and says why, so a test pointed at the wrong folder cannot pass;
    /// so does a known-failures record that is missing, unreadable or wrong, after the scenarios.
    public var files: [ScenarioFile] {
        var files: [ScenarioFile]
        switch paths {
        case .success(let paths):
            files = paths.map { ScenarioFile(root: root, path: $0) }
        case .failure(let error):
            let whole = ScenarioLocation(file: root.path, line: 0, column: 0)
            let problem = ScenarioError(whole, error.message)
            files = [ScenarioFile(root: root, path: root.lastPathComponent, problems: [problem])]
        }
        if let knownFailures, !knownFailures.problems.isEmpty {
            files.append(ScenarioFile(record: knownFailures, problems: knownFailures.problems))
        }
        return files
    }

    /// `files` but the scenarios of other apps, for a port of one app (`files(ofApps: ["hiitfit"])`): a scenario
    /// whose app cannot be told (it does not parse) stays, so that its case fails rather than goes unchecked.
    public func files(ofApps apps: Set<String>) -> [ScenarioFile] {
        guard let registry = try? plugins.get() else { return files }
        let scenarios = files.filter(\.problems.isEmpty).map(\.url.path)
        let kept = Set(ScenarioFiles.ofApps(scenarios, apps: apps, plugins: registry))
        return files.filter { !$0.problems.isEmpty || kept.contains($0.url.path) }
    }

    /// Runs `file` on `edition` (nil: its app's default edition).
    public func run(_ file: ScenarioFile, edition: String? = nil) -> ScenarioSuiteRunner.Report {
        if let first = file.problems.first {
            return ScenarioSuiteRunner.Report(file: first.location.file, errors: file.problems)
        }
        switch plugins {
        case .success(let registry):
            return ScenarioSuiteRunner(executable: worker, plugins: registry, edition: edition).run(file: file.url.path)
        case .failure(let error):
            let whole = ScenarioLocation(file: file.url.path, line: 0, column: 0)
            return ScenarioSuiteRunner.Report(file: file.url.path, errors: [ScenarioError(whole, "plug-ins: \(error)")])
        }
    }

    /// Runs `file` on `edition` (nil: its app's default edition) and records an issue unless it passes:
    /// a failing step at its own line, a malformed scenario at its first mistake, and a run that could not
    /// happen at line 1. A scenario the known-failures record lists for the edition must fail instead:
    /// one that passes is recorded at the record's line. A folder or record problem is recorded where it is.
    public func check(_ file: ScenarioFile, edition: String? = nil) {
        guard file.problems.isEmpty else {
            for problem in file.problems {
                Issue.record(
                    Comment(rawValue: problem.description), sourceLocation: file.sourceLocation(problem.location))
            }
            return
        }
        var report = run(file, edition: edition)
        if let knownFailures { report.hold(to: knownFailures, edition: edition) }
        if let knownFailures, let entry = report.listing {
            guard !report.failedAsKnown else { return }
            Issue.record(
                Comment(rawValue: entry.passesNow),
                sourceLocation: ScenarioFile(record: knownFailures).sourceLocation(entry.location))
            return
        }
        guard !report.passed else { return }
        let location = report.errors.first?.location ?? report.result?.failure?.location
        Issue.record(
            Comment(rawValue: report.summaryLine + "\n" + (report.details ?? "")),
            sourceLocation: file.sourceLocation(line: location?.line ?? 1, column: location?.column ?? 1))
    }

    /// The scenario files' paths in `root` (`hiitfit/midnight.scenario`), or why there are none.
    private static func paths(under root: URL) -> Result<[String], ScenarioSelectionError> {
        Result { () throws(ScenarioSelectionError) in
            try ScenarioFiles.expand([root.path]).map { String($0.dropFirst(root.path.count + 1)) }
        }
    }
}

/// One scenario file of a `ScenarioFolder`, named in test results by its path in the folder.
public struct ScenarioFile: Sendable, Hashable, CustomTestStringConvertible {
    /// The folder it was found in.
    public let root: URL
    /// Its path in the folder: `hiitfit/midnight.scenario`.
    public let path: String
    /// Why the folder gave no scenario files, or what is wrong with its known-failures record: this
    /// case then fails with each.
    let problems: [ScenarioError]

    init(root: URL, path: String, problems: [ScenarioError] = []) {
        self.root = root
        self.path = path
        self.problems = problems
    }

    /// The known-failures record as a case of its own, named by its file name.
    init(record: KnownFailures, problems: [ScenarioError] = []) {
        let url = URL(fileURLWithPath: record.file)
        self.init(root: url.deletingLastPathComponent(), path: url.lastPathComponent, problems: problems)
    }

    /// Where the file is.
    public var url: URL { root.appendingPathComponent(path) }

    public var testDescription: String { path }

    /// A place in the file, as Swift Testing shows it: `Scenarios/hiitfit/midnight.scenario:9:1`.
    func sourceLocation(line: Int, column: Int) -> SourceLocation {
        SourceLocation(
            fileID: "\(root.lastPathComponent)/\(path)", filePath: url.path,
            line: max(line, 1), column: max(column, 1))
    }

    /// `location`, a place in this file, as Swift Testing shows it.
    func sourceLocation(_ location: ScenarioLocation) -> SourceLocation {
        sourceLocation(line: location.line, column: location.column)
    }
}
