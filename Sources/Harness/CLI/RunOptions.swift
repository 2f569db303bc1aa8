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

    static func parse(_ arguments: [String], plugins: PluginRegistry) throws -> RunOptions {
        var options = RunOptions()
        var flags = FlagReader(arguments)
        while let argument = flags.next() {
            switch argument {
            case "--edition": options.edition = try flags.edition(for: argument, plugins: plugins)
            case "--seed": options.seed = try flags.number(for: argument)
            case "--trace": options.tracing = true
            case "--live": options.live = true
            default:
                if argument.hasPrefix("-") { throw CommandLineError("unknown option '\(argument)'") }
                options.paths.append(argument)
            }
        }
        if options.paths.isEmpty { options.paths = ["Scenarios"] }
        return options
    }
}
