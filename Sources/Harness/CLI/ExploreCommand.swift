import Foundation
import Sandbox

/// `harness explore`: every fault and crash point of each scenario, judged by the oracles.
struct ExploreCommand {
    struct Options {
        var paths: [String] = []
        /// nil: each app's default edition.
        var edition: String?
        var seed: UInt64 = 0
        var json = false
        var reproductions: String?
        var html: String?
        var verifyDeterminism = false
    }

    static let usage = """
    USAGE: harness explore PATH ... [--edition NAME] [--seed N] [--json]
                           [--write-repros DIR] [--html FILE] [--verify-determinism]
    """

    static func parse(_ arguments: [String], plugins: PluginRegistry) throws -> Options {
        var options = Options()
        var flags = FlagReader(arguments)
        while let argument = flags.next() {
            switch argument {
            case "--edition": options.edition = try flags.edition(for: argument, plugins: plugins)
            case "--seed": options.seed = try flags.number(for: argument)
            case "--json": options.json = true
            case "--write-repros": options.reproductions = try flags.value(for: argument)
            case "--html": options.html = try flags.value(for: argument)
            case "--verify-determinism": options.verifyDeterminism = true
            default:
                if argument.hasPrefix("-") { throw CommandLineError("unknown option '\(argument)' for 'explore'") }
                options.paths.append(argument)
            }
        }
        if options.paths.isEmpty { throw CommandLineError("'explore' needs at least one scenario file or folder") }
        return options
    }

    let options: Options
    let plugins: PluginRegistry

    func execute() throws -> Int32 {
        let files = try ScenarioFiles.expand(options.paths)
        let explorer = Explorer(executable: HarnessCommand.executable, plugins: plugins, edition: options.edition,
                                seed: options.seed, reproductionFolder: options.reproductions.map { URL(fileURLWithPath: $0) })
        explorer.verifyDeterminism = options.verifyDeterminism
        let terminal = isatty(STDERR_FILENO) == 1
        if terminal {
            explorer.progress = { file, done, total in
                FileHandle.standardError.write(Data("\r\u{1B}[K\(file): \(done)/\(total) schedules".utf8))
            }
        }
        var explorations: [ScenarioExploration] = []
        for file in files { explorations.append(explorer.explore(file: file)) }
        if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let report = ExploreReport(edition: Self.editionLabel(explorations), explorations: explorations)
        if let html = options.html {
            try FaultMatrixPage.html(report).write(toFile: html, atomically: true, encoding: .utf8)
        }
        if options.json {
            print(try report.json())
            if terminal { FileHandle.standardError.write(Data((report.summary + "\n").utf8)) }
        } else {
            print(report.summary)
        }
        return report.foundFailures ? 1 : 0
    }

    /// The edition the totals are for: the one explored, or `default` when the apps' defaults differ.
    static func editionLabel(_ explorations: [ScenarioExploration]) -> String {
        let names = Set(explorations.map(\.edition).filter { !$0.isEmpty })
        return names.count == 1 ? names.first! : "default"
    }
}
