import Foundation

/// `harness merge SHARD.json ... [--html FILE] [--junit FILE]`: the `--json` reports of every shard of one
/// `run` or `explore` job, in any order, as the one report (and page and JUnit file) a single run gives.
struct MergeCommand {
    struct Options {
        var paths: [String] = []
        var html: OutputFile?
        var junit: OutputFile?

        /// Before any work: every output can be written.
        func checkPaths() throws(OutputError) {
            try html?.check()
            try junit?.check()
        }
    }

    /// The options, with every flag checked; no file is looked at (see `Options.checkPaths`).
    static func parse(_ arguments: [String]) throws(CommandLineError) -> Options {
        var options = Options()
        var flags = FlagReader(arguments)
        while let argument = flags.next() {
            switch argument {
            case "--html": options.html = OutputFile(try flags.value(for: argument), for: argument)
            case "--junit": options.junit = OutputFile(try flags.value(for: argument), for: argument)
            default:
                if argument.hasPrefix("-") { throw CommandLineError("unknown option '\(argument)' for 'merge'") }
                options.paths.append(argument)
            }
        }
        if options.paths.isEmpty { throw CommandLineError("'merge' needs the JSON report of every shard") }
        return options
    }

    let options: Options

    /// A shard's file, read, and the label that says which part of which job it is.
    private typealias ShardFile = (path: String, data: Data, label: ShardLabel)

    func execute() throws -> Int32 {
        var files: [ShardFile] = []
        for path in options.paths {
            let data = try Self.read(path)
            struct Labelled: Decodable { var shard: ShardLabel? }
            guard let label = try Self.decode(Labelled.self, from: data, path: path).shard else {
                throw CommandLineError.path("cannot merge '\(path)': it was made without '--shard'")
            }
            if let first = files.first, first.label.command != label.command {
                let program = ProgramName.current
                throw CommandLineError.path(
                    "cannot merge: '\(first.path)' is a report of '\(program) \(first.label.command)' "
                        + "and '\(path)' of '\(program) \(label.command)'")
            }
            files.append((path, data, label))
        }
        let first = files[0]
        switch first.label.command {
        case RunReport.command:
            if options.html != nil {
                throw CommandLineError(
                    "'--html' draws explore reports; '\(first.path)' is a report of '\(ProgramName.current) run'")
            }
            return try merge(RunReport.self, files)
        case ExploreReport.command:
            return try merge(ExploreReport.self, files)
        case let command:
            throw CommandLineError.path("cannot merge '\(first.path)': a report of unknown command '\(command)'")
        }
    }

    private static func read(_ path: String) throws(CommandLineError) -> Data {
        if let problem = FileProblem.reading(path) { throw .path("cannot read '\(path)': \(problem)") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .path("cannot read '\(path)': \(FileProblem.describe(error, path: path))")
        }
    }

    private func merge<Report: ShardableReport>(_ type: Report.Type, _ files: [ShardFile]) throws -> Int32 {
        var inputs: [ShardMerge.Input<Report>] = []
        for file in files {
            inputs.append(
                .init(
                    path: file.path, report: try Self.decode(type, from: file.data, path: file.path),
                    label: file.label))
        }
        let report: Report
        do {
            report = try ShardMerge.merge(inputs)
        } catch {
            throw CommandLineError.path("cannot merge: \(error)")
        }
        try StandardOutput.line(try report.json())
        if let html = options.html, let explored = report as? ExploreReport {
            try html.write(FaultMatrixPage.html(explored))
        }
        try options.junit?.write(report.junit.xml)
        return report.exitStatus
    }

    /// The file's report, or a message that says what is wrong with it.
    private static func decode<T: Decodable>(
        _ type: T.Type, from data: Data,
        path: String
    ) throws(CommandLineError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            let program = ProgramName.current
            throw .path(
                "cannot merge '\(path)': not a '--json' report of '\(program) run' or '\(program) explore' "
                    + "(\(Self.reason(error)))")
        }
    }

    /// A decoding error in a few words: what is wrong, and where.
    private static func reason(_ error: any Error) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.isEmpty
                ? "the top level"
                : "'"
                    + path.map { $0.intValue.map(String.init) ?? $0.stringValue }
                    .joined(separator: ".") + "'"
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: return "no field '\(key.stringValue)' in \(place(context.codingPath))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "\(place(context.codingPath)) is not what it should be"
        case .dataCorrupted(let context)?:
            return context.codingPath.isEmpty ? "not JSON" : "\(place(context.codingPath)): \(context.debugDescription)"
        default: return "\(error)"
        }
    }
}
