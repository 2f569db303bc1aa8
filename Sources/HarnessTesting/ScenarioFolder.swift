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
public struct ScenarioFolder: Sendable {
    /// The folder; every `.scenario` file under it is a test case.
    public let root: URL
    /// The plug-ins, or what is wrong with their declarations (every check then records it).
    public let plugins: Result<PluginRegistry, PluginError>
    /// The executable that runs each scenario as `worker` (a harness built with the same plug-ins,
    /// such as your own `HarnessCommand.main(plugins:)`), so that an app that traps ends only its
    /// scenario. nil: scenarios run in the test process, and an app that traps ends the test run.
    public let worker: URL?

    /// A folder whose scenarios name apps of `plugins`.
    public init(_ root: URL, plugins: [AppPlugin], worker: URL? = nil) {
        self.root = root
        self.plugins = Result { () throws(PluginError) in try PluginRegistry(plugins) }
        self.worker = worker
    }

    /// The scenario files under the folder, sorted. A folder that is missing, unreadable or holds no
    /// scenario gives one case that fails and says why, so a test pointed at the wrong folder cannot pass.
    public var files: [ScenarioFile] {
        do {
            let paths = try ScenarioFiles.expand([root.path])
            return paths.map { ScenarioFile(root: root, path: String($0.dropFirst(root.path.count + 1))) }
        } catch {
            return [ScenarioFile(root: root, path: root.lastPathComponent, problem: error.message)]
        }
    }

    /// Runs `file` on `edition` (nil: its app's default edition).
    public func run(_ file: ScenarioFile, edition: String? = nil) -> ScenarioSuiteRunner.Report {
        if let problem = file.problem {
            let whole = ScenarioLocation(file: root.path, line: 0, column: 0)
            return ScenarioSuiteRunner.Report(file: root.path, errors: [ScenarioError(whole, problem)])
        }
        switch plugins {
        case .success(let registry):
            return ScenarioSuiteRunner(executable: worker, plugins: registry, edition: edition).run(file: file.url.path)
        case .failure(let error):
            let whole = ScenarioLocation(file: file.url.path, line: 0, column: 0)
            return ScenarioSuiteRunner.Report(file: file.url.path, errors: [ScenarioError(whole, "plug-ins: \(error)")])
        }
    }

    /// Runs `file` on `edition` and records an issue unless it passes: a failing step at its own
    /// line, a malformed scenario at its first mistake, and a run that could not happen at line 1.
    public func check(_ file: ScenarioFile, edition: String? = nil) {
        let report = run(file, edition: edition)
        guard !report.passed else { return }
        let location = report.errors.first?.location ?? report.result?.failure?.location
        Issue.record(
            Comment(rawValue: report.summaryLine + "\n" + (report.details ?? "")),
            sourceLocation: file.sourceLocation(line: location?.line ?? 1, column: location?.column ?? 1))
    }
}

/// One scenario file of a `ScenarioFolder`, named in test results by its path in the folder.
public struct ScenarioFile: Sendable, Hashable, CustomTestStringConvertible {
    /// The folder it was found in.
    public let root: URL
    /// Its path in the folder: `hiitfit/midnight.scenario`.
    public let path: String
    /// Why the folder gave no scenario files: this case then fails with it.
    let problem: String?

    init(root: URL, path: String, problem: String? = nil) {
        self.root = root
        self.path = path
        self.problem = problem
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
}
