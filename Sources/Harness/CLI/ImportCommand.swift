import Foundation
import Sandbox

/// `harness import PATH ... [-o FILE] [--app NAME]`: a scenario from a user's container or files,
/// with what the app shows after launch written as `expect` lines (see docs/reports.md).
struct ImportCommand {
    var paths: [String] = []
    /// `-o FILE`; nil: standard output.
    var output: OutputFile?
    var app: String?
    var edition: String?
    var timeout = IsolatedRunner.defaultTimeout
    let plugins: PluginRegistry

    static func parse(_ arguments: [String], plugins: PluginRegistry) throws(CommandLineError) -> ImportCommand {
        var command = ImportCommand(plugins: plugins)
        var flags = FlagReader(arguments)
        while let argument = flags.next() {
            switch argument {
            case "-o": command.output = OutputFile(try flags.value(for: argument), for: argument)
            case "--app": command.app = try flags.value(for: argument)
            case "--edition": command.edition = try flags.edition(for: argument, plugins: plugins)
            case "--timeout": command.timeout = try flags.seconds(for: argument)
            default:
                if argument.hasPrefix("-") { throw CommandLineError("unknown option '\(argument)'") }
                command.paths.append(argument)
            }
        }
        if command.paths.isEmpty { throw CommandLineError("'import' needs a container folder or files to import") }
        return command
    }

    func execute() throws -> Int32 {
        let draft: (text: String, app: AppPlugin)
        do {
            let importer = ScenarioImport(plugins: plugins, app: app, program: ProgramName.current)
            draft = try importer.draft(try ContainerFiles.read(paths), sources: paths)
        } catch {
            throw CommandLineError.path(error.message)
        }
        let file = output?.path ?? "imported.scenario"
        let scenario: Scenario
        do {
            scenario = try ScenarioText(file: file, text: draft.text).parse(plugins: plugins)
        } catch {
            throw CommandLineError.path(
                "the imported scenario does not parse: "
                    + error.errors.map(\.description).joined(separator: "; "))
        }
        let safe = SafeRun(plugins: plugins, edition: edition, seed: 0, timeout: timeout)
        var rewriter = ExpectationRewriter(scenario: scenario, text: draft.text)
        var refusal = safe.refusal(scenario, text: draft.text)
        if refusal == nil {
            let observed = ObservedRun(scenario, edition: edition, seed: 0)
            _ = rewriter.record(observed.finalLines ?? [])
            do {
                try safe.verify(rewriter.text, file: file)
            } catch {
                refusal = error
                rewriter = ExpectationRewriter(scenario: scenario, text: draft.text)
            }
        }
        // A state the app cannot show is still the user's report: written without expectations, and said.
        if let output { try output.write(rewriter.text) } else { try StandardOutput.write(rewriter.text) }
        guard let refusal else { return 0 }
        let lines = [refusal.message(file: file), "the scenario has no 'expect' lines"].map(ProgramName.line)
        StandardError.line(lines.joined(separator: "\n"))
        return refusal.isHarnessError ? 3 : 1
    }
}
