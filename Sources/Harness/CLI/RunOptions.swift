import Foundation
import Sandbox

/// The options of `harness run`.
struct RunOptions {
    var paths: [String] = []
    /// nil: each app's default edition.
    var edition: String?
    var seed: UInt64 = 0
    var tracing = false
    var live = false
    var timeout = IsolatedRunner.defaultTimeout
    var json = false
    var junit: String?
    var shard: Shard?

    /// The options, with every flag checked, `--live`'s temporary folder and `--junit`'s file found writable.
    static func parse(_ arguments: [String], plugins: PluginRegistry) throws(CommandLineError) -> RunOptions {
        var options = RunOptions()
        var flags = FlagReader(arguments)
        while let argument = flags.next() {
            switch argument {
            case "--edition": options.edition = try flags.edition(for: argument, plugins: plugins)
            case "--seed": options.seed = try flags.number(for: argument)
            case "--trace": options.tracing = true
            case "--live": options.live = true
            case "--timeout": options.timeout = try flags.seconds(for: argument)
            case "--json": options.json = true
            case "--junit": options.junit = try flags.value(for: argument)
            case "--shard": options.shard = try flags.shard(for: argument)
            default:
                if argument.hasPrefix("-") { throw CommandLineError("unknown option '\(argument)'") }
                options.paths.append(argument)
            }
        }
        if options.paths.isEmpty { options.paths = ["Scenarios"] }
        if options.live { try OutputPath.checkTemporaryFolder(for: "--live") }
        if let junit = options.junit { try OutputPath.checkFile(junit, for: "--junit") }
        return options
    }

    /// The options besides edition and seed that change the report: shards must agree on them.
    var reportOptions: [String] { (live ? ["--live"] : []) + (tracing ? ["--trace"] : []) }
}
