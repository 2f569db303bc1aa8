import Foundation
import Harness

extension Benchmarks {
    /// The CPU cost of a 3,000-launch scenario over a 1,000-launch one: 3 when a launch costs
    /// the same however many came before it.
    func launchLinearity() throws -> BenchFigure {
        log("launch linearity: 1,000 and 3,000 launches")
        let files = try [3000, 1000].map { launches in
            try GeneratedScenarios.write(
                GeneratedScenarios.launches(launches), name: "launches-\(launches).scenario", in: scratch)
        }
        let costs = try Rounds.measure(
            longRounds,
            files.map { file in
                { try CPUTime.spent { try runAsHarnessRuns(file) } }
            })
        return try BenchFigure(
            name: "launchLinearity", rounds: costs.map { $0[0] / $0[1] }, target: .atMost(3.5),
            divides: "CPU time of running a 3,000-launch scenario / a 1,000-launch one (launch and kill, repeated) "
                + "as `harness run` does, bench process and worker: 3 is linear",
            detail: "\(milliseconds(median(costs, 0))) / \(milliseconds(median(costs, 1)))")
    }

    /// The peak memory of a worker whose processes are killed inside a call 3,000 times: what the dead processes
    /// held must be freed as they die, or it adds up over the run.
    func killedProcessesMemory() throws -> BenchFigure {
        let (cycles, days) = (3000, 30)
        log("launch: memory of \(cycles) processes killed inside a save")
        let file = try GeneratedScenarios.write(
            GeneratedScenarios.killedInSaves(cycles, days: days), name: "killed-\(cycles).scenario", in: scratch)
        return try BenchFigure(
            name: "killedProcessesPeakMegabytes", rounds: [try peakMegabytes(file)], target: .atMost(60),
            divides: "peak resident memory of the worker, MB (measured once, in a process of its own)",
            detail: "\(cycles) launches over a \(days)-day history, each killed inside its save, run in a worker that "
                + "sends back no operations")
    }

    /// Runs `harness memory-peak FILE` and reads the peak it prints: measured in a process whose only children
    /// are that run's workers, it is theirs alone, whatever other workers this bench started.
    private func peakMegabytes(_ file: String) throws -> Double {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["memory-peak", file]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard process.terminationStatus == 0, words.count == 2, words[0] == "peak", let peak = Double(words[1])
        else {
            throw BenchError("memory-peak \(file) exited with status \(process.terminationStatus): \(text)")
        }
        return peak
    }

    /// As `harness run` runs a file: parsed here, run in a worker that sends the whole result back.
    private func runAsHarnessRuns(_ file: String) throws {
        let report = ScenarioSuiteRunner(executable: executable, plugins: plugins, edition: "hardened").run(file: file)
        guard report.passed, let steps = report.scenario?.steps.count, report.result?.stepsRun == steps else {
            throw BenchError("\(file): \(report.summaryLine) \(report.details ?? "")")
        }
    }
}
