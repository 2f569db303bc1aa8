import Foundation

/// `harness bench [--json] [--only GROUP]...`: every benchmark figure with its target.
enum BenchCommand {
    static func execute(_ arguments: [String], plugins: PluginRegistry) throws -> Int32 {
        var json = false
        var only: Set<String> = []
        var flags = FlagReader(arguments)
        while let argument = flags.next() {
            switch argument {
            case "--json": json = true
            case "--only":
                let group = try flags.value(for: argument)
                guard Benchmarks.groups.contains(group) else {
                    throw CommandLineError("unknown group '\(group)' for '--only' (expected one of: \(Benchmarks.groups.joined(separator: ", ")))")
                }
                only.insert(group)
            default: throw CommandLineError("unknown option '\(argument)' for 'bench'")
            }
        }
        let benchmarks = try Benchmarks(executable: HarnessCommand.executable, plugins: plugins,
                                        corpusFolder: "Scenarios") { line in
            FileHandle.standardError.write(Data((ControlCharacters.escaped("bench: \(line)") + "\n").utf8))
        }
        let figures = try benchmarks.run(only: only)
        if json {
            struct Output: Encodable { var figures: [BenchFigure] }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(Output(figures: figures)), as: UTF8.self))
        } else {
            for figure in figures {
                let verdict = figure.target == "none" ? "" : (figure.met ? "  met" : "  NOT MET")
                print(String(format: "%-36@ %10.3f  target %-8@%@", figure.name as NSString, figure.value, figure.target as NSString, verdict as NSString))
                print("    \(figure.detail)")
            }
        }
        return 0
    }
}
