import Foundation
import Sandbox

/// Runs jobs in a worker process, so that app code that traps ends the worker, not the
/// harness. A worker serves job after job; it is replaced after a trap, at a deadline, or
/// when it retires. A run is never given a verdict the harness did not see it earn.
public final class IsolatedRunner {
    /// The `harness` executable: it serves jobs when started as `harness worker`.
    public let executable: URL
    /// How long a step of a run (a whole run, when the worker does not say where it is) may take before its worker is
    /// killed (see `defaultTimeout`): a long scenario is never taken for a hang of the app.
    public var timeout: Double = IsolatedRunner.defaultTimeout
    /// A healthy run takes milliseconds; a minute cannot run out on a loaded 2-core CI machine.
    public static let defaultTimeout = 60.0
    private var worker: WorkerProcess?
    /// Started workers waiting in reserve, so a trap costs a switch, not a process start.
    private var spares: [WorkerProcess] = []
    /// How many spares are kept once the first trap shows they are needed.
    public var spareCount = 2
    private var trapsSeen = 0
    /// Workers started so far (1 plus one per trap, plus the spare).
    public private(set) var workersStarted = 0
    /// One job per worker process, each exec'd (for comparison only: far slower).
    public var freshWorkerPerJob = false
    /// Forks workers after the first from a warmed template (nil: every worker is exec'd).
    private let forkServer: ForkServer?
    /// Why no worker can start: `HARNESS_WORKERS` names no way to start one.
    private let unknownStart: WorkerStart.UnknownValue?
    /// The CPU this runner's workers keep to (nil: any; see `CPUPinning`).
    package var cpu: Int?
    /// The app and edition whose code the worker and the spares have run (see `code(of:)`).
    private var servedCode: String?

    public init(executable: URL) {
        self.executable = executable
        do {
            let start = try WorkerStart.chosen()
            (forkServer, unknownStart) = (start == .fork ? ForkServer(executable: executable) : nil, nil)
        } catch {
            (forkServer, unknownStart) = (nil, error)
        }
        _ = Self.ignoringBrokenPipes
    }

    /// A worker that died between two jobs makes the next send fail (EPIPE) instead of ending the harness.
    private static let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// How a job ended.
    public enum JobEnd: Sendable {
        case finished(RunResult)
        /// A judged exploring run (see `WorkerJob.judge`).
        case judged(JudgedRun)
        /// The app trapped: its worker died of the app's own trap.
        case trapped(JobProgress, message: String)
        /// The run never finished: two fresh workers in a row were still on it at the deadline.
        case hung(JobProgress, message: String)
        /// The harness could not carry the run out: no verdict on the app.
        case harnessError(String)
    }

    /// One try at a job in one worker.
    private enum Attempt {
        case ended(JobEnd)
        /// The worker could not start, or died of something the app did not do.
        case lost(String)
        /// No answer by the deadline; the worker was killed.
        case overdue(JobProgress)

        func problem(_ timeout: Double) -> String {
            switch self {
            case .ended: return "it ended"
            case .lost(let why): return why
            case .overdue: return "no answer within \(IsolatedRunner.seconds(timeout)) s; the worker was killed"
            }
        }
    }

    /// Runs `job`. A worker lost to an outside cause, or past its deadline, gets one retry
    /// on a fresh worker before the run is called a harness error or a hang.
    public func run(_ job: WorkerJob) -> JobEnd {
        let first = attempt(job)
        if case .ended(let end) = first { return end }
        let second = attempt(job)
        switch (first, second) {
        case (_, .ended(let end)):
            return end
        case (.overdue, .overdue(let progress)):
            let message = "no answer within \(Self.seconds(timeout)) s in two fresh workers (the app never returned)"
            return .hung(progress, message: message)
        default:
            return .harnessError("\(first.problem(timeout)); retried in a fresh worker: \(second.problem(timeout))")
        }
    }

    private func attempt(_ job: WorkerJob) -> Attempt {
        let worker: WorkerProcess
        let sent: WorkerJob
        do {
            (worker, sent) = try send(job)
        } catch {
            return .lost(error.why)
        }
        var deadline = ContinuousClock.now + .seconds(timeout)
        var progress = JobProgress()
        var retiring = false
        while true {
            switch worker.readLine(before: deadline) {
            case .overdue:
                self.worker = nil
                worker.stop()
                return .overdue(progress)
            case .closed:
                return ended(worker, progress: progress)
            case .line(let line):
                guard let message = WorkerMessage(line: line) else {
                    // Out of step with its worker, the harness cannot trust the next line either.
                    self.worker = nil
                    worker.stop()
                    return .ended(.harnessError("the worker said '\(line.prefix(80))', not an answer"))
                }
                switch message {
                case .step(let index):
                    progress.events.append(.step(index))
                    deadline = ContinuousClock.now + .seconds(timeout)
                case .operation(let text): progress.events.append(.operation(text))
                case .retiring: retiring = true
                case .hello: continue
                case .result(let result):
                    worker.held(sent)
                    return .ended(finish(.finished(result), retiring: retiring))
                case .judged(let judged):
                    worker.held(sent)
                    return .ended(finish(.judged(judged), retiring: retiring))
                case .invalid(let text):
                    let problem = "the worker could not take the job: \(text)"
                    return .ended(finish(.harnessError(problem), retiring: retiring))
                }
            }
        }
    }

    /// Sends `job` to the current worker. A worker gone before the job reached it ran no app code: the
    /// next one is tried, as many as there are spares and one more (a template that ended takes the spares
    /// it forked with it before the harness hears of it).
    private func send(_ job: WorkerJob) throws(NotSent) -> (WorkerProcess, WorkerJob) {
        for _ in 0...spareCount {
            let worker: WorkerProcess
            do {
                worker = try currentWorker(for: job)
            } catch {
                throw NotSent(why: "could not start a worker from \(executable.path): \(error.localizedDescription)")
            }
            if let sent = try? worker.send(job) { return (worker, sent) }
            self.worker = nil
            worker.stop()
        }
        throw NotSent(why: "each worker tried had ended before it was sent the job")
    }

    /// Why no worker took a job.
    private struct NotSent: Error {
        let why: String
    }

    /// The worker died during the job: the app's trap, or a loss to retry.
    private func ended(_ worker: WorkerProcess, progress: JobProgress) -> Attempt {
        self.worker = nil
        guard let exit = worker.exit(waitingAtMost: 10) else {
            worker.stop()
            return .lost("the worker closed its output but did not exit")
        }
        let stderr = worker.standardError
        guard exit.isAppTrap(stderr: stderr) else { return .lost("the worker \(exit)") }
        trapsSeen += 1
        return .ended(.trapped(progress, message: TrapMessage.extract(from: stderr)))
    }

    private func finish(_ end: JobEnd, retiring: Bool) -> JobEnd {
        if freshWorkerPerJob || retiring {
            worker?.close()
            worker = nil
        }
        return end
    }

    /// The worker to run `job` in; a worker started for it is forked holding its scenario prepared, when it can be.
    private func currentWorker(for job: WorkerJob) throws -> WorkerProcess {
        let code = Self.code(of: job)
        if code != servedCode {
            // An edition may set process-wide state as it runs (a class mapping, a static): no process that ran
            // one edition's code runs another's.
            for process in [worker].compactMap({ $0 }) + spares { process.close() }
            (worker, spares, servedCode) = (nil, [], code)
            forkServer?.forgetAppCode()
        }
        if let worker { return worker }
        // Spares forked by a template that has since ended would end with it.
        for orphan in spares.filter(\.isOrphaned) { orphan.stop() }
        spares.removeAll(where: \.isOrphaned)
        let next = spares.isEmpty ? try start(for: job) : spares.removeFirst()
        // Spares only once an app has trapped: a run with no trap needs one worker.
        if !freshWorkerPerJob && trapsSeen > 0 {
            while spares.count < spareCount, let started = try? start(for: job) { spares.append(started) }
        }
        worker = next
        if let cpu { CPUPinning.pin(next.processIdentifier, to: cpu) }
        return next
    }

    /// The first worker is exec'd (a run that never traps needs no template); later ones are forked
    /// when they can be, and exec'd when the fork server fails. A judged `job`'s scenario is prepared
    /// in the template first, so that this worker and every later one skip its parse and fault-free run.
    private func start(for job: WorkerJob) throws -> WorkerProcess {
        // The command line refuses such a value before any work; a library user gets no run rather than a guess.
        if let unknownStart { throw unknownStart }
        defer { workersStarted += 1 }
        if let forkServer, workersStarted > 0, !freshWorkerPerJob {
            if !job.reply.isResult {
                do {
                    try forkServer.prepare(job)
                } catch {
                    WorkerStartLog.note("not prepared (fork server: \(error))")
                }
            }
            do {
                let worker = try WorkerProcess(forkingFrom: forkServer)
                WorkerStartLog.note("forked \(worker.processIdentifier)")
                return worker
            } catch {
                WorkerStartLog.note("exec (fork server: \(error))")
            }
        }
        let worker = try WorkerProcess(executable: executable)
        WorkerStartLog.note("exec \(worker.processIdentifier)")
        return worker
    }

    /// Which app code `job` runs: its scenario's `app` line (the first line that starts with the word) and its edition.
    private static func code(of job: WorkerJob) -> String {
        var app = ""
        job.source?.enumerateLines { line, stop in
            let words = line.split(separator: " ")
            if words.first == "app" { (app, stop) = (words.joined(separator: " "), true) }
        }
        return app + " edition " + (job.edition ?? "-")
    }

    /// Ends every worker and waits until each has exited (so its memory shows in `getrusage`).
    public func shutDown() {
        for process in [worker].compactMap({ $0 }) + spares { process.close(waiting: true) }
        worker = nil
        spares = []
        forkServer?.shutDown()
    }

    deinit {
        worker?.close()
        for spare in spares { spare.close() }
    }

    /// `60`, `1.5`, `1e+300`: a number of seconds as a person writes it (`Int(value)` traps on one too large).
    public static func seconds(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? "\(value)"
    }
}

/// What a worker said about a job before it ended: the steps it started and, when the job
/// streams them, each operation as it happened.
public struct JobProgress: Sendable, Hashable {
    public enum Event: Sendable, Hashable {
        /// The step at this index of the scenario started.
        case step(Int)
        /// An operation's log line.
        case operation(String)
    }

    public var events: [Event] = []

    /// The step that was running last (nil: none had started).
    public var step: Int? {
        for event in events.reversed() { if case .step(let index) = event { return index } }
        return nil
    }

    /// Every operation's log line, in order.
    public var operations: [String] {
        events.compactMap { if case .operation(let line) = $0 { return line } else { return nil } }
    }
}

extension IsolatedRunner {
    /// The running executable: a `harness` built on the library serves as its own worker.
    package static var currentExecutable: URL {
        Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }
}
