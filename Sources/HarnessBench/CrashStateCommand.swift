import Foundation
import Harness
import Sandbox

/// `harness crash-state FILE --dir DIR (--exit-after N | --check)`: one process of the
/// process-per-crash-state approach. `--exit-after` runs the scenario with its files in
/// DIR and exits right after the nth file call; `--check` launches the app on DIR and
/// prints the data it shows.
enum CrashStateCommand {
    static func execute(_ arguments: [String], plugins: PluginRegistry) throws -> Int32 {
        var flags = FlagReader(arguments)
        var file: String?
        var folder: String?
        var exitAfter: Int?
        var check = false
        while let argument = flags.next() {
            switch argument {
            case "--dir": folder = try flags.value(for: argument)
            case "--exit-after": exitAfter = try flags.count(of: "file calls", for: argument, limit: Int(Int32.max))
            case "--check": check = true
            default:
                if argument.hasPrefix("-") { throw CommandLineError("unknown option '\(argument)' for 'crash-state'") }
                file = argument
            }
        }
        guard let file, let folder, check || exitAfter != nil else {
            throw CommandLineError(
                "usage: \(ProgramName.current) crash-state FILE --dir DIR (--exit-after N | --check)")
        }
        let scenario = try ScenarioParser.parse(
            contentsOf: URL(fileURLWithPath: file), displayPath: file, plugins: plugins)
        let files = LiveFileSystem(root: URL(fileURLWithPath: folder))
        try files.createContainer()
        if check {
            var relaunch = scenario
            let location = ScenarioLocation(file: file, line: 0, column: 0)
            relaunch.steps = [Step(location: location, text: "launch", command: .launch)]
            let seen = ScenarioRunner(liveFiles: files).observeAfterRunning(relaunch)
            try StandardOutput.line(seen.map { "\($0.values.sorted { $0.key < $1.key })" } ?? "not running")
            return 0
        }
        var runner = ScenarioRunner(liveFiles: files)
        runner.liveAppFiles = ExitingFileSystem(base: files, exitAfter: exitAfter ?? 1)
        _ = runner.run(scenario)
        return 0
    }
}
