import ChecklistsPlugin
import Foundation
import Harness
import HIITFitPlugin
import NamesToFacesPlugin
import Sandbox

/// The scenario files under Scenarios/, and the harness executable that runs them in a worker.
enum Corpus {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios")

    /// Paths relative to Scenarios/, e.g. `hiitfit/first-launch.scenario`: each names a test case.
    static let files: [String] = {
        let all = (try? ScenarioFiles.expand([root.path])) ?? []
        return all.map { String($0.dropFirst(root.path.count + 1)) }
    }()

    static let reports: [String] = files.filter { $0.hasPrefix("reports/") }

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The `harness` executable built next to this test bundle.
    static let harness: URL = {
        var folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for folder in folders {
            let candidate = folder.appendingPathComponent("harness")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return folders[0].appendingPathComponent("harness")
    }()

    static let plugins = try! PluginRegistry([.hiitfit, .checklists, .namesToFaces])

    static func run(_ relative: String, edition: String) -> ScenarioSuiteRunner.Report {
        ScenarioSuiteRunner(executable: harness, plugins: plugins, edition: edition).run(file: path(relative))
    }
}
