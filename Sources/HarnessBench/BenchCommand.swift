import Foundation
import Harness

/// `harness bench [--json] [--only GROUP]... [--rounds N]`: every benchmark figure with its spread over
/// rounds and its target.
package enum BenchCommand {
    /// `bench`, and `crash-state` and `memory-peak`, whose processes it starts: what the `harness` executable adds.
    package static let verbs = [
        AddedVerb(
            name: "bench", usage: "bench [--json] [--only \(Benchmarks.groups.joined(separator: "|"))]... [--rounds N]",
            execute: { arguments, plugins in try execute(parse(arguments), plugins: plugins) }),
        AddedVerb(name: "crash-state", usage: nil, execute: CrashStateCommand.execute),
        AddedVerb(name: "memory-peak", usage: nil, execute: MemoryPeakCommand.execute),
    ]

    struct Options {
        var json = false
        var only: Set<String> = []
        var rounds: Int?
    }

    /// The options, with every flag checked.
    static func parse(_ arguments: [String]) throws(CommandLineError) -> Options {
        var options = Options()
        var flags = FlagReader(arguments)
        while let argument = flags.next() {
            switch argument {
            case "--json": options.json = true
            case "--only":
                let group = try flags.value(for: argument, repeatable: true)
                guard Benchmarks.groups.contains(group) else {
                    let names = Benchmarks.groups.joined(separator: ", ")
                    throw CommandLineError("unknown group '\(group)' for '--only' (expected one of: \(names))")
                }
                options.only.insert(group)
            case "--rounds": options.rounds = try flags.count(of: "rounds", for: argument, limit: 1000)
            default: throw CommandLineError("unknown option '\(argument)' for 'bench'")
            }
        }
        return options
    }

    static func execute(_ options: Options, plugins: PluginRegistry) throws -> Int32 {
        let benchmarks = try Benchmarks(
            executable: IsolatedRunner.currentExecutable, plugins: plugins,
            corpusFolder: "Scenarios", rounds: options.rounds, log: logLine)
        let figures: [BenchFigure]
        do {
            figures = try benchmarks.run(only: options.only)
        } catch {
            // Not a usage error: the bench could not be carried out, and gives no figures.
            logLine("\(error)")
            return 1
        }
        if options.json {
            struct Output: Encodable { var figures: [BenchFigure] }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try StandardOutput.line(String(decoding: try encoder.encode(Output(figures: figures)), as: UTF8.self))
        } else {
            for figure in figures { try StandardOutput.line(text(figure)) }
        }
        return 0
    }

    /// A progress or error line on standard error; escaped, as it may carry a scenario's paths and text.
    private static func logLine(_ line: String) {
        StandardError.line(ControlCharacters.escaped("bench: \(line)"))
    }

    /// `name  min … median … max  target <= 1.25  NOT MET`, then what it divides and the figures behind it.
    private static func text(_ figure: BenchFigure) -> String {
        let spread = figure.spread
        let values =
            figure.rounds.count == 1
            ? String(format: "%10.3f", spread.median)
            : String(format: "%8.3f … %8.3f … %8.3f", spread.min, spread.median, spread.max)
        var line = "\(figure.name.padding(toLength: 38, withPad: " ", startingAt: 0)) \(values)"
        if let target = figure.target { line += "  target \(target.text)  " + (figure.met == true ? "met" : "NOT MET") }
        return [line, "    \(figure.divides)", "    \(figure.detail)"].joined(separator: "\n")
    }
}
