import Foundation
import Sandbox

/// Runs jobs in a worker process, so that app code that traps ends the worker,
/// not the harness. A worker serves job after job; it is restarted only after a trap.
public final class IsolatedRunner {
    /// The `harness` executable: it serves jobs when started as `harness worker`.
    public let executable: URL
    private var worker: WorkerProcess?
    /// Started workers waiting in reserve, so a trap costs a switch, not a process start.
    private var spares: [WorkerProcess] = []
    /// How many spares are kept once the first trap shows they are needed.
    public var spareCount = 2
    private var trapsSeen = 0
    /// Workers started so far (1 plus one per trap, plus the spare).
    public private(set) var workersStarted = 0
    /// One job per worker process (for comparison only: far slower).
    public var freshWorkerPerJob = false

    public init(executable: URL) { self.executable = executable }

    /// How a job ended in the worker.
    public enum JobEnd: Sendable {
        case finished(RunResult)
        /// A judged exploring run (see `WorkerJob.judge`).
        case judged(JudgedRun)
        /// The worker died while running the step at `step` (nil: before the first step).
        case trapped(step: Int?, message: String)
        /// The scenario file could not be read or parsed.
        case invalid(String)
    }

    public func run(_ job: WorkerJob) throws -> JobEnd {
        let worker = try currentWorker()
        try worker.send(job)
        var step: Int?
        var retiring = false
        while let line = worker.readLine() {
            guard let message = try? JSONDecoder().decode(WorkerMessage.self, from: Data(line.utf8)) else { continue }
            switch message {
            case .step(let index): step = index
            case .retiring: retiring = true
            case .result(let result): return finish(.finished(result), retiring: retiring)
            case .judged(let judged): return finish(.judged(judged), retiring: retiring)
            case .invalid(let text): return finish(.invalid(text), retiring: retiring)
            }
        }
        self.worker = nil
        trapsSeen += 1
        return .trapped(step: step, message: TrapMessage.extract(from: worker.finish()))
    }

    private func finish(_ end: JobEnd, retiring: Bool) -> JobEnd {
        if freshWorkerPerJob || retiring {
            worker?.close()
            worker = nil
        }
        return end
    }

    private func currentWorker() throws -> WorkerProcess {
        if let worker { return worker }
        let next = spares.isEmpty ? try start() : spares.removeFirst()
        // Spares only once an app has trapped: a run with no trap needs one worker.
        if !freshWorkerPerJob && trapsSeen > 0 {
            while spares.count < spareCount, let started = try? start() { spares.append(started) }
        }
        worker = next
        return next
    }

    private func start() throws -> WorkerProcess {
        workersStarted += 1
        return try WorkerProcess(executable: executable)
    }

    /// Ends every worker and waits until each has exited (so its memory shows in `getrusage`).
    public func shutDown() {
        for process in [worker].compactMap({ $0 }) + spares { process.close(waiting: true) }
        worker = nil
        spares = []
    }

    deinit {
        worker?.close()
        for spare in spares { spare.close() }
    }
}

/// Finds what a trapped worker said on standard error.
enum TrapMessage {
    /// "Fatal error: Index out of range" from "Swift/Array.swift:12: Fatal error: Index out of range".
    static func extract(from stderr: String) -> String {
        for line in stderr.split(separator: "\n").reversed() {
            for marker in ["Fatal error: ", "Precondition failed: ", "Assertion failed: "] {
                if let range = line.range(of: marker) {
                    let text = line[range.lowerBound...].trimmingCharacters(in: .whitespaces)
                    let place = line[..<range.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: ": "))
                    return place.isEmpty ? text : "\(text) (\(place.split(separator: "/").last ?? ""))"
                }
            }
        }
        let tail = stderr.split(separator: "\n").last.map(String.init) ?? ""
        return tail.isEmpty ? "trapped without a message (optimized builds print none; a debug build names it)" : tail
    }
}
