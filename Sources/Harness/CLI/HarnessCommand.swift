import Foundation
import Sandbox

/// `harness [run|explore|worker|help] ...`: the command-line entry point, for any set of plug-ins.
///
/// A harness executable is one line, in the spirit of swift-argument-parser's `main()`:
///
/// ```swift
/// HarnessCommand.main(plugins: [.hiitfit, .checklists, .namesToFaces])
/// ```
///
/// The same executable serves as its own worker (`harness worker`), so a user's executable built
/// with their own plug-ins runs and explores their scenarios exactly as `harness` does.
public enum HarnessCommand {
    /// The help text, naming the program as `program` (the usage lines stay aligned under a longer name).
    public static func usage(_ program: String) -> String { usage(program, verbs: []) }

    /// The help text with the usage lines of `verbs`, and the internal ones named beside `worker`.
    package static func usage(_ program: String, verbs: [AddedVerb]) -> String {
        let under = String(repeating: " ", count: program.count)
        let added = verbs.compactMap(\.usage).map { "\n       \(program) " + $0 }.joined()
        let internals = (["worker"] + verbs.filter { $0.usage == nil }.map(\.name)).joined(separator: " | ")
        let starters = ["run", "explore"] + verbs.filter { $0.usage != nil }.map(\.name)
        let startedBy = starters.dropLast().joined(separator: ", ") + " and " + starters[starters.count - 1]
        return """
            USAGE: \(program) [run] [PATH ...] [--edition NAME] [--seed N] [--trace] [--live] [--timeout SECONDS]
                   \(under)                  [--json] [--junit FILE] [--shard I/N] [--app NAME]
                   \(under)                  [--known-failures FILE]
                   \(program) run --record|--update PATH ... [--edition NAME] [--seed N] [--timeout SECONDS]
                   \(program) import PATH ... [-o FILE] [--app NAME] [--edition NAME] [--timeout SECONDS]
                   \(program) explore PATH ... [--edition NAME] [--seed N] [--json] [--junit FILE] [--timeout SECONDS]
                   \(under)                  [--write-repros DIR] [--html FILE] [--verify-determinism]
                   \(under)                  [--shard I/N] [--jobs N] [--app NAME]
                   \(program) merge SHARD.json ... [--html FILE] [--junit FILE]\(added)
                   \(program) \(internals)   (internal: started by \(startedBy))

            Runs scenario files and ends with 'N passed, M failed'. PATH is a file, a folder (every
            .scenario file under it; default: Scenarios) or a quoted pattern ('Scenarios/**/first-*');
            each must name at least one readable scenario file. Exit status: 0 when none failed,
            1 when some failed, 2 when the harness could not do what was asked: a wrong flag, or a
            path it cannot read or write (all checked before any work starts), 3 when the harness
            could not carry out some run (harness errors).

            OPTIONS:
              --edition NAME           The edition of the app code to run (default: each app's
                                       default edition; see APPS below).
              --app NAME               Only the scenarios of this app (repeat for more): a port of
                                       one app runs the corpus with its own edition.
              --seed N                 The seed for scenarios that set none (default: 0).
              --trace                  Print every step with the operations it caused.
              --live                   Also run fault-free scenarios on the real file system in a
                                       fresh temporary folder and report outcomes that differ.
              --timeout SECONDS        How long one run may take before its worker is killed and the
                                       run retried once, then reported as hung (default: 60).
              --json                   Print one JSON object with every scenario's outcome.
              --junit FILE             Write a JUnit XML file: a test case per scenario file.
              --shard I/N              Run only part I of N: every Nth scenario file from the
                                       Ith (merge the parts' --json reports with '\(program) merge').
              --known-failures FILE    The scenarios the edition is known to fail, a line each:
                                       EDITION SCENARIO REASON. A listed scenario that fails
                                       prints KNOWN and fails nothing; one that passes fails.
              -h, --help               Show this help.

            EXPLORE: runs each scenario once with no fault of its own, then once per fault and crash
            point of every operation, judges each run (passed, alerted, dataLoss,
            silentOverwrite, trap, platformLoss, hang, harnessError) and shrinks each failure
            to a scenario file.
              --json                   Print one JSON object with every run's class.
              --write-repros DIR       Write a reproduction scenario for each failing class.
              --html FILE              Write the fault matrix as a self-contained HTML page.
              --verify-determinism     Replay every schedule in a second worker process and
                                       report any whose outcome or trace hash differs.
              --jobs N                 Run N schedules at once, each in its own worker (default:
                                       one per core); the reports are the same for any N.
            Exit status: 0 when no run lost data, overwrote silently, trapped or hung; 1 otherwise;
            2 as for run; 3 when the harness could not carry out some run (harnessError).

            RECORD, UPDATE: --record writes what the app shows after the last step into the scenario as
            'expect' lines (replacing those at its end); --update rewrites only the 'expect' lines that
            no longer hold. A run that fails a step, traps, hangs or cannot be carried out is refused.

            IMPORT: turns a container from a device (an .xcappdata package, an app-container folder or
            single files) into a scenario with its files, preferences, a launch and what the app shows.
              -o FILE                  Write the scenario to FILE (default: standard output).
              --app NAME               The app, when no preferences file names its bundle identifier.

            MERGE: the --json reports of every shard of one run or explore job, in any order,
            as the one report a single run gives (with --html and --junit as those give them);
            refuses shards of different jobs, a shard given twice or a missing one (status 2).
            """
    }

    /// Runs the command line of this process with `plugins` and exits with its status.
    public static func main(plugins: [AppPlugin]) -> Never { main(plugins: plugins, verbs: []) }

    /// As `main(plugins:)`, with `verbs` besides the shipped ones (the `harness` executable's `bench`).
    package static func main(plugins: [AppPlugin], verbs: [AddedVerb]) -> Never {
        // Swift's arguments have U+FFFD for each byte that is not UTF-8: such a word would name another file.
        for index in 1..<Int(CommandLine.argc) {
            guard let word = CommandLine.unsafeArgv[index] else { continue }
            let name = RawName(cString: word)
            if let problem = name.problem {
                let message = "the word '\(name.shown)' is \(problem), which every path and value must be"
                StandardError.line(CommandLineError.path(message).description)
                exit(CommandLineError.exitStatus)
            }
        }
        exit(run(Array(CommandLine.arguments.dropFirst()), plugins: plugins, verbs: verbs))
    }

    /// Runs `arguments` (the words after the executable's name) with `plugins`; returns the exit status.
    public static func run(_ arguments: [String], plugins: [AppPlugin]) -> Int32 {
        run(arguments, plugins: plugins, verbs: [])
    }

    /// As `run(_:plugins:)`, with `verbs` besides the shipped ones.
    package static func run(_ arguments: [String], plugins: [AppPlugin], verbs added: [AddedVerb]) -> Int32 {
        StandardError.occupyClosedDescriptors()
        let registry: PluginRegistry
        do {
            registry = try PluginRegistry(plugins)
        } catch {
            StandardError.line(ProgramName.line("\(error)"))
            return CommandLineError.exitStatus
        }
        var rest = arguments
        let verbs = ["run", "import", "explore", "merge", "worker", "help"] + added.map(\.name)
        let verb = rest.first.flatMap { verbs.contains($0) ? $0 : nil }
        if verb != nil { rest.removeFirst() }
        if verb == "worker" { return serveAsWorker(rest, plugins: registry) }
        // A closed pipe is then an error to report (a worker's) or a reader gone (`StandardOutput`), not a death.
        signal(SIGPIPE, SIG_IGN)
        do {
            // Checked before any work, as a flag is; a worker is only ever started with a value its harness took.
            do {
                _ = try WorkerStart.chosen()
            } catch {
                throw CommandLineError.path(error.description)
            }
            try StandardOutput.check()
            if verb == "help" || rest.contains("--help") || rest.contains("-h") {
                try StandardOutput.line(
                    usage(ProgramName.current, verbs: added) + "\n\n" + faults() + "\n\n" + apps(registry))
                return 0
            }
            if let verb = added.first(where: { $0.name == verb }) { return try verb.execute(rest, registry) }
            switch verb {
            case "explore":
                let options = try ExploreCommand.parse(rest, plugins: registry)
                try options.checkPaths()
                return try ExploreCommand(options: options, plugins: registry).execute()
            case "import":
                let command = try ImportCommand.parse(rest, plugins: registry)
                try command.output?.check()
                return try command.execute()
            case "merge":
                let options = try MergeCommand.parse(rest)
                try options.checkPaths()
                return try MergeCommand(options: options).execute()
            default:
                let options = try RunOptions.parse(rest, plugins: registry)
                try options.checkPaths()
                if let mode = options.rewrite {
                    return try RecordCommand(options: options, mode: mode, plugins: registry).execute()
                }
                return try RunCommand(options: options, plugins: registry).execute()
            }
        } catch let error as CommandLineError {
            StandardError.line(error.description)
            return CommandLineError.exitStatus
        } catch let error as OutputError {
            StandardError.line(ProgramName.line(ControlCharacters.escaped(error.description)))
            // Found while writing, the work was done and its result lost: the harness failed, not the request.
            return error.whileWriting ? 3 : CommandLineError.exitStatus
        } catch {
            StandardError.line(CommandLineError.path("\(error)").description)
            return CommandLineError.exitStatus
        }
    }

    /// `harness worker [--template]`: serves jobs on standard input and output until they close.
    private static func serveAsWorker(_ arguments: [String], plugins registry: PluginRegistry) -> Int32 {
        if arguments == ["--template"] {
            // Returns only in a worker it forked.
            let child = ForkTemplate.serve(plugins: registry)
            Worker.serve(plugins: registry, forkedBy: child.template, holding: child.held)
            return 0
        }
        guard arguments.isEmpty else {
            StandardError.line(CommandLineError("'worker' takes no arguments; found '\(arguments[0])'").description)
            return CommandLineError.exitStatus
        }
        Worker.serve(plugins: registry)
        return 0
    }

    /// Every fault word a scenario's `fault` line takes, with the operations it applies to.
    static func faults() -> String {
        let width = FaultWord.all.map(\.usage.count).max() ?? 0
        var lines = ["FAULTS: fault OP PATH FAULT [ARGS] \(FaultSyntax.occurrenceUsage) (see docs/language.md)"]
        for word in FaultWord.all {
            lines.append(
                "  " + word.usage.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                    + FaultSyntax.appliesTo(word))
        }
        return lines.joined(separator: "\n")
    }

    /// The apps this harness was built with, each with its editions (the default first).
    static func apps(_ registry: PluginRegistry) -> String {
        var lines = ["APPS:"]
        for plugin in registry.plugins {
            let editions = [plugin.defaultEdition] + plugin.editions.map(\.name).filter { $0 != plugin.defaultEdition }
            lines.append("  \(plugin.name) (editions: \(editions.joined(separator: ", ")))")
        }
        return lines.joined(separator: "\n")
    }
}
