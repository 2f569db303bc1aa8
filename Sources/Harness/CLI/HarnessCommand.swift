import Foundation
import Sandbox

/// `harness [run|explore|worker|help] ...`: the command-line entry point.
public enum HarnessCommand {
    public static let usage = """
    USAGE: harness [run] [PATH ...] [--edition book|hardened] [--seed N] [--trace] [--live]
           harness explore PATH ... [--edition book|hardened] [--seed N] [--json]
                                    [--write-repros DIR] [--html FILE] [--verify-determinism]
           harness bench [--json] [--only scale|overhead|live|crash|trap|launch]... [--rounds N]
           harness worker | crash-state   (internal: started by run, explore and bench)

    Runs scenario files (a folder means every .scenario file under it; default: Scenarios)
    and ends with 'N passed, M failed'. Exit status: 0 when none failed, 1 when some
    failed, 2 for a usage error.

    OPTIONS:
      --edition book|hardened  The app code to run (default: hardened).
      --seed N                 The seed for scenarios that set none (default: 0).
      --trace                  Print every step with the operations it caused.
      --live                   Also run fault-free scenarios on the real file system in a
                               fresh temporary folder and report outcomes that differ.
      -h, --help               Show this help.

    EXPLORE: runs each scenario once without faults, then once per fault and crash
    point of every operation, judges each run (passed, alerted, dataLoss,
    silentOverwrite, trap, platformLoss) and shrinks each failure to a scenario file.
      --json                   Print one JSON object with every run's class.
      --write-repros DIR       Write a reproduction scenario for each failing class.
      --html FILE              Write the fault matrix as a self-contained HTML page.
      --verify-determinism     Replay every schedule in a second worker process and
                               report any whose outcome or trace hash differs.
    Exit status: 0 when no run lost data, overwrote silently or trapped; 1 otherwise.
    """

    /// Runs the command; returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        var rest = arguments
        let verb = rest.first.flatMap { ["run", "explore", "bench", "crash-state", "worker", "help"].contains($0) ? $0 : nil }
        if verb != nil { rest.removeFirst() }
        if verb == "help" || rest.contains("--help") || rest.contains("-h") {
            print(usage)
            return 0
        }
        do {
            switch verb {
            case "explore":
                return try ExploreCommand(options: ExploreCommand.parse(rest)).execute()
            case "bench":
                return try BenchCommand.execute(rest)
            case "crash-state":
                return try CrashStateCommand.execute(rest)
            case "worker":
                guard rest.isEmpty else { throw CommandLineError("'worker' takes no arguments; found '\(rest[0])'") }
                Worker.serve()
                return 0
            default:
                let options = try RunOptions.parse(rest)
                return try RunCommand(options: options).execute()
            }
        } catch let error as CommandLineError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            return 2
        } catch {
            FileHandle.standardError.write(Data("harness: \(error)\n".utf8))
            return 2
        }
    }

    /// The running `harness` executable (workers are started from it).
    static var executable: URL {
        Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }
}
