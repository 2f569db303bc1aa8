import Foundation
import Harness

/// `harness memory-peak FILE`: runs FILE in a worker that sends back its outcome and no operations, then prints
/// `peak MB`, the largest resident set of the workers. A process of its own, whose only children are that run's
/// workers, so that the peak is theirs alone (the bench's own is the largest of every child so far).
enum MemoryPeakCommand {
    static func execute(_ arguments: [String], plugins: PluginRegistry) throws -> Int32 {
        guard arguments.count == 1, let file = arguments.first, !file.hasPrefix("-") else {
            throw CommandLineError("usage: \(ProgramName.current) memory-peak FILE")
        }
        let scenario = try ScenarioParser.parse(
            contentsOf: URL(fileURLWithPath: file), displayPath: file, plugins: plugins)
        let runner = IsolatedRunner(executable: IsolatedRunner.currentExecutable)
        let job = WorkerJob(scenario: try ScenarioText(contentsOf: file), edition: nil, includeOperations: false)
        let end = runner.run(job)
        runner.shutDown()
        // A run cut short would measure less than the scenario.
        guard case .finished(let result) = end, result.failure == nil, result.stepsRun == scenario.steps.count else {
            FileHandle.standardError.write(Data("memory-peak: \(file) did not run to its end: \(end)\n".utf8))
            return 1
        }
        try ChildProcesses.awaitAllReaped()
        print("peak \(CPUTime.childrenPeakMegabytes)")
        return 0
    }
}
