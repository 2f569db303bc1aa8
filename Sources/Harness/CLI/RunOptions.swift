import Foundation
import Sandbox

/// The options of `harness run`.
struct RunOptions {
    var paths: [String] = []
    /// `--app NAME`: only the scenarios of these apps (none: every scenario named).
    var apps: Set<String> = []
    /// nil: each app's default edition.
    var edition: String?
    var seed: UInt64 = 0
    var tracing = false
    var live = false
    var timeout = IsolatedRunner.defaultTimeout
    var json = false
    var junit: OutputFile?
    var shard: Shard?
    /// `--known-failures FILE`: the record of the scenarios the edition is known to fail (see `KnownFailures`).
    var knownFailures: String?
    /// `--record` or `--update`: write expectations back into the scenario instead of reporting.
    var rewrite: RecordCommand.Mode?

    /// The options, with every flag checked; no file is looked at (see `checkPaths`).
    static func parse(_ arguments: [String], plugins: PluginRegistry) throws(CommandLineError) -> RunOptions {
        var options = RunOptions()
        var flags = FlagReader(arguments)
        while let argument = flags.next() {
            switch argument {
            case "--edition": options.edition = try flags.edition(for: argument, plugins: plugins)
            case "--app": options.apps.insert(try flags.app(for: argument, plugins: plugins))
            case "--seed": options.seed = try flags.number(for: argument)
            case "--trace": options.tracing = true
            case "--live": options.live = true
            case "--timeout": options.timeout = try flags.seconds(for: argument)
            case "--json": options.json = true
            case "--junit": options.junit = OutputFile(try flags.value(for: argument), for: argument)
            case "--shard": options.shard = try flags.shard(for: argument)
            case "--known-failures": options.knownFailures = try flags.value(for: argument)
            case "--record", "--update":
                let mode = RecordCommand.Mode(rawValue: argument)!
                if let other = options.rewrite, other != mode {
                    throw CommandLineError("'--record' and '--update' exclude each other")
                }
                options.rewrite = mode
            default:
                if argument.hasPrefix("-") { throw CommandLineError("unknown option '\(argument)'") }
                options.paths.append(argument)
            }
        }
        if let mode = options.rewrite { try checkRewrite(options, mode) }
        if options.paths.isEmpty { options.paths = ["Scenarios"] }
        return options
    }

    /// Before any work: `--junit`'s file can be written, and `--live`'s temporary folder takes new files.
    func checkPaths() throws {
        try junit?.check()
        if live {
            let folder = FileManager.default.temporaryDirectory.path
            do {
                try OutputFolder(folder, for: "--live").check()
            } catch {
                throw CommandLineError.path("'--live' needs a temporary folder it can write: \(error.reason)")
            }
        }
    }

    /// Record and update write into the files named, so they must be named, and report nothing else.
    private static func checkRewrite(_ options: RunOptions, _ mode: RecordCommand.Mode) throws(CommandLineError) {
        if options.paths.isEmpty { throw CommandLineError("'\(mode.rawValue)' needs the scenario files to write into") }
        let others = [
            ("--live", options.live), ("--json", options.json), ("--junit", options.junit != nil),
            ("--shard", options.shard != nil), ("--trace", options.tracing),
            ("--known-failures", options.knownFailures != nil),
        ]
        if let (flag, _) = others.first(where: \.1) {
            throw CommandLineError("'\(flag)' cannot be used with '\(mode.rawValue)'")
        }
    }

    /// The options besides edition and seed that change the report: shards must agree on them.
    var reportOptions: [String] {
        apps.sorted().flatMap { ["--app", $0] } + (live ? ["--live"] : []) + (tracing ? ["--trace"] : [])
            + (knownFailures.map { ["--known-failures", $0] } ?? [])
    }
}
