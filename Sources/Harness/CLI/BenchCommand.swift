import Foundation

/// `harness bench [--json]`: every benchmark figure with its target.
enum BenchCommand {
    static func execute(_ arguments: [String]) throws -> Int32 {
        var json = false
        for argument in arguments {
            guard argument == "--json" else { throw CommandLineError("unknown option '\(argument)' for 'bench'") }
            json = true
        }
        let benchmarks = try Benchmarks(executable: HarnessCommand.executable, corpusFolder: "Scenarios") { line in
            FileHandle.standardError.write(Data("bench: \(line)\n".utf8))
        }
        let figures = try benchmarks.run()
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
