import Foundation
import Sandbox

/// `harness explore`: every fault and crash point of each scenario, judged by the oracles.
struct ExploreCommand {
    struct Options {
        var paths: [String] = []
        var edition: Edition = .hardened
        var seed: UInt64 = 0
        var json = false
        var reproductions: String?
        var html: String?
        var verifyDeterminism = false
        var timeout = IsolatedRunner.defaultTimeout
    }

    static let usage = """
    USAGE: harness explore PATH ... [--edition book|hardened] [--seed N] [--json]
                           [--write-repros DIR] [--html FILE] [--verify-determinism] [--timeout SECONDS]
    """

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var flags = FlagReader(arguments)
        while let argument = flags.next() {
            switch argument {
            case "--edition": options.edition = try flags.edition(for: argument)
            case "--seed": options.seed = try flags.number(for: argument)
            case "--json": options.json = true
            case "--write-repros": options.reproductions = try flags.value(for: argument)
            case "--html": options.html = try flags.value(for: argument)
            case "--verify-determinism": options.verifyDeterminism = true
            case "--timeout": options.timeout = try flags.seconds(for: argument)
            default:
                if argument.hasPrefix("-") { throw CommandLineError("unknown option '\(argument)' for 'explore'") }
                options.paths.append(argument)
            }
        }
        if options.paths.isEmpty { throw CommandLineError("'explore' needs at least one scenario file or folder") }
        return options
    }

    let options: Options

    func execute() throws -> Int32 {
        let files = try ScenarioFiles.expand(options.paths)
        let explorer = Explorer(executable: HarnessCommand.executable, edition: options.edition, seed: options.seed,
                                reproductionFolder: options.reproductions.map { URL(fileURLWithPath: $0) })
        explorer.verifyDeterminism = options.verifyDeterminism
        explorer.timeout = options.timeout
        let terminal = isatty(STDERR_FILENO) == 1
        if terminal {
            explorer.progress = { file, done, total in
                FileHandle.standardError.write(Data("\r\u{1B}[K\(file): \(done)/\(total) schedules".utf8))
            }
        }
        var explorations: [ScenarioExploration] = []
        for file in files { explorations.append(explorer.explore(file: file)) }
        if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let report = ExploreReport(edition: options.edition.rawValue, explorations: explorations)
        if let html = options.html {
            try FaultMatrixPage.html(report).write(toFile: html, atomically: true, encoding: .utf8)
        }
        if options.json {
            print(try report.json())
            if terminal { FileHandle.standardError.write(Data((report.summary + "\n").utf8)) }
        } else {
            print(report.summary)
        }
        return report.harnessErrors > 0 ? 3 : (report.foundFailures ? 1 : 0)
    }
}
