import Foundation
import Sandbox

/// `harness explore`: every fault and crash point of each scenario, judged by the oracles.
struct ExploreCommand {
    struct Options {
        var paths: [String] = []
        /// `--app NAME`: only the scenarios of these apps (none: every scenario named).
        var apps: Set<String> = []
        /// nil: each app's default edition.
        var edition: String?
        var seed: UInt64 = 0
        var json = false
        var reproductions: String?
        var html: OutputFile?
        var verifyDeterminism = false
        var timeout = IsolatedRunner.defaultTimeout
        var junit: OutputFile?
        var shard: Shard?
        /// Schedules run at once, each in its own worker (default: one per core); the report is the same.
        var jobs = ProcessInfo.processInfo.activeProcessorCount

        /// The options besides edition and seed that change the report: shards must agree on them.
        var reportOptions: [String] {
            apps.sorted().flatMap { ["--app", $0] } + (verifyDeterminism ? ["--verify-determinism"] : [])
                + (reproductions.map { ["--write-repros", $0] } ?? [])
                + ["--timeout", IsolatedRunner.seconds(timeout)]
        }

        /// Before any work: every output can be written.
        func checkPaths() throws(OutputError) {
            try html?.check()
            try junit?.check()
            if let reproductions { try OutputFolder(reproductions, for: "--write-repros").check() }
        }
    }

    /// The options, with every flag checked; no file is looked at (see `Options.checkPaths`).
    static func parse(_ arguments: [String], plugins: PluginRegistry) throws(CommandLineError) -> Options {
        var options = Options()
        var flags = FlagReader(arguments)
        while let argument = flags.next() {
            switch argument {
            case "--edition": options.edition = try flags.edition(for: argument, plugins: plugins)
            case "--app": options.apps.insert(try flags.app(for: argument, plugins: plugins))
            case "--seed": options.seed = try flags.number(for: argument)
            case "--json": options.json = true
            case "--write-repros": options.reproductions = try flags.value(for: argument)
            case "--html": options.html = OutputFile(try flags.value(for: argument), for: argument)
            case "--verify-determinism": options.verifyDeterminism = true
            case "--timeout": options.timeout = try flags.seconds(for: argument)
            case "--junit": options.junit = OutputFile(try flags.value(for: argument), for: argument)
            case "--shard": options.shard = try flags.shard(for: argument)
            case "--jobs": options.jobs = try flags.count(of: "workers", for: argument, limit: 64)
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
        let whole = ScenarioFiles.ofApps(try ScenarioFiles.expand(options.paths), apps: options.apps, plugins: plugins)
        let files = options.shard?.share(of: whole) ?? whole
        let explorer = Explorer(
            executable: IsolatedRunner.currentExecutable, plugins: plugins, edition: options.edition,
            seed: options.seed, reproductionFolder: options.reproductions.map { URL(fileURLWithPath: $0) })
        explorer.verifyDeterminism = options.verifyDeterminism
        explorer.timeout = options.timeout
        explorer.jobs = options.jobs
        let progress = TerminalProgress()
        let shrinking = options.reproductions == nil ? "" : "; shrinking failures to reproductions"
        let positions = Dictionary(files.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: min)
        explorer.progress = { file, done, total in
            progress.show(
                "[\(positions[file] ?? 0)/\(files.count)] \(file): \(done)/\(total) schedules"
                    + (done == total ? shrinking : ""))
        }
        let explorations = explorer.explore(files: files)
        progress.clear()
        if let failed = explorer.failedReproductionWrite { throw failed }
        var report = ExploreReport(edition: plugins.editionLabel(options.edition), explorations: explorations)
        report.shard = options.shard.map {
            ShardLabel(
                command: ExploreReport.command, part: $0, seed: options.seed, options: options.reportOptions,
                scenarios: whole)
        }
        if options.json {
            try StandardOutput.line(try report.json())
            if isatty(STDERR_FILENO) == 1 { StandardError.line(report.summary) }
        } else {
            try StandardOutput.line(report.summary)
        }
        try options.html?.write(FaultMatrixPage.html(report))
        try options.junit?.write(report.junit.xml)
        return report.exitStatus
    }
}
