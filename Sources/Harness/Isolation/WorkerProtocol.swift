import Foundation
import Sandbox

/// One run a worker process is asked to do.
public struct WorkerJob: Sendable, Codable {
    public var file: String
    public var edition: Edition
    public var seed: UInt64
    public var schedule: [FaultRule]
    public var tracing: Bool
    /// Run as the explorer does (see `ScenarioRunner.exploring`).
    public var exploring: Bool
    /// Send the operation log back (the explorer needs it only from the fault-free run).
    public var includeOperations: Bool
    /// The scenario's text, when it is not the file's (a shrinking candidate); `file` names it.
    public var source: String?

    public init(file: String, edition: Edition, seed: UInt64 = 0, schedule: [FaultRule] = [], tracing: Bool = false,
                exploring: Bool = false, includeOperations: Bool = true) {
        self.file = file
        self.edition = edition
        self.seed = seed
        self.schedule = schedule
        self.tracing = tracing
        self.exploring = exploring
        self.includeOperations = includeOperations
        self.source = nil
    }
}

/// What a worker says on standard output, one JSON object a line.
enum WorkerMessage: Codable {
    /// The job is about to run the step at this index (so a trap can be placed).
    case step(Int)
    case result(RunResult)
    /// The scenario file could not be read or parsed.
    case invalid(String)
}

/// The worker side: reads jobs on standard input, runs each in this process, answers on standard output.
public enum Worker {
    public static func serve() {
        var scenarios: [String: Scenario] = [:]
        let output = FileHandle.standardOutput
        while let line = readLine() {
            guard let data = line.data(using: .utf8), let job = try? JSONDecoder().decode(WorkerJob.self, from: data) else {
                send(.invalid("worker: unreadable job"), to: output)
                continue
            }
            let scenario: Scenario
            if let source = job.source {
                do { scenario = try ScenarioParser.parse(source, file: job.file) } catch {
                    send(.invalid(String(describing: error)), to: output)
                    continue
                }
            } else if let cached = scenarios[job.file] {
                scenario = cached
            } else {
                do {
                    scenario = try ScenarioParser.parse(contentsOf: URL(fileURLWithPath: job.file), displayPath: job.file)
                    scenarios[job.file] = scenario
                } catch {
                    send(.invalid(String(describing: error)), to: output)
                    continue
                }
            }
            let runner = ScenarioRunner(edition: job.edition, schedule: job.schedule, seed: job.seed,
                                        tracing: job.tracing, exploring: job.exploring)
            var result = runner.run(scenario) { send(.step($0), to: output) }
            if !job.includeOperations { result.operations = [] }
            send(.result(result), to: output)
        }
    }

    static func send(_ message: WorkerMessage, to output: FileHandle) {
        guard var data = try? JSONEncoder().encode(message) else { return }
        data.append(UInt8(ascii: "\n"))
        output.write(data)
    }
}
