import Foundation

/// A running `harness worker` with its three pipes: exec'd, or forked by the fork server.
final class WorkerProcess {
    private enum Origin {
        /// Started by exec; Foundation reaps it and signals the semaphore.
        case executed(Process, exited: DispatchSemaphore)
        /// Forked by the fork server's template, which reports how it ended.
        case forked(ForkServer, generation: Int)
    }

    private let origin: Origin
    let processIdentifier: pid_t
    private let input: FileHandle
    private var output: LineReader
    /// Keeps standard output's reading end open as long as the worker is read.
    private let outputHandle: FileHandle
    private let stderr = StandardErrorTail()
    /// The scenario texts this worker holds parsed, as it does (see `HeldSources`), with the file each names.
    private var heldSources = HeldSources<ScenarioText>()
    /// The number the next text sent to this worker is held under.
    private var nextSourceNumber = 1
    /// How long a forked worker may take to say hello.
    static let helloTimeout = 10.0

    /// The environment every worker (and the fork server's template) runs in.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // Dictionaries (inside property lists and keyed archives) keep one order from run to run.
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        environment[ParentWatch.parentVariable] = String(getpid())
        return environment
    }

    /// Starts `executable worker` by exec.
    init(executable: URL) throws {
        let process = Process()
        let (input, output, errors) = (Pipe(), Pipe(), Pipe())
        process.executableURL = executable
        process.arguments = ["worker"]
        process.environment = Self.environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let exited = DispatchSemaphore(value: 0)
        // Foundation reaps the child on its own thread and then calls this.
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        origin = .executed(process, exited: exited)
        processIdentifier = process.processIdentifier
        self.input = input.fileHandleForWriting
        outputHandle = output.fileHandleForReading
        self.output = LineReader(descriptor: outputHandle.fileDescriptor)
        stderr.collect(from: errors.fileHandleForReading)
    }

    /// Asks `server` to fork a worker, and waits for the worker's hello.
    init(forkingFrom server: ForkServer) throws(ForkServer.Problem) {
        // Close-on-exec, so no worker exec'd meanwhile by another lane holds an end open.
        var pipes: [[Int32]] = []
        for _ in 0..<3 {
            guard let ends = SystemCall.pipe() else {
                for end in pipes.joined() { SystemCall.close(end) }
                throw ForkServer.Problem(description: "no pipes for a worker: \(String(cString: strerror(errno)))")
            }
            pipes.append(ends)
        }
        // The child's ends: it reads input, writes output and errors.
        let childEnds = [pipes[0][0], pipes[1][1], pipes[2][1]]
        input = FileHandle(fileDescriptor: pipes[0][1], closeOnDealloc: true)
        outputHandle = FileHandle(fileDescriptor: pipes[1][0], closeOnDealloc: true)
        output = LineReader(descriptor: pipes[1][0])
        let errors = FileHandle(fileDescriptor: pipes[2][0], closeOnDealloc: true)
        let forked = Result { () throws(ForkServer.Problem) in try server.fork(childEnds) }
        // Only the child holds them now, so its exit closes its output and errors.
        for end in childEnds { SystemCall.close(end) }
        processIdentifier = try forked.get()
        origin = .forked(server, generation: server.generation)
        // The child starts out holding what its template held prepared.
        (heldSources, nextSourceNumber) = (server.held, server.nextSourceNumber)
        stderr.collect(from: errors)
        switch output.readLine(before: .now + .seconds(Self.helloTimeout)) {
        case .line(let line):
            if case .hello(let child)? = WorkerMessage(line: line), child == processIdentifier { return }
            stop()
            throw ForkServer.Problem(description: "a forked worker said '\(line.prefix(80))' instead of hello")
        case .closed, .overdue:
            stop()
            throw ForkServer.Problem(description: "a forked worker did not say hello")
        }
    }

    /// Whether a forked worker has lost the template that would report how it ends.
    var isOrphaned: Bool {
        if case .forked(let server, let generation) = origin { return !server.isServing(generation) }
        return false
    }

    /// Sends `job`, leaving its text out when this worker holds it; returns the job as sent. Throws when
    /// the worker is gone (its end of the pipe is closed).
    func send(_ job: WorkerJob) throws -> WorkerJob {
        var job = job
        // The file too: a parsed scenario names its file in every location it reports.
        let text = job.source.map { ScenarioText(file: job.file, text: $0) }
        if let text, let held = heldSources.number(where: { $0 == text }) {
            job.source = nil
            job.sourceNumber = held
        } else {
            job.sourceNumber = nextSourceNumber
            nextSourceNumber += 1
        }
        try input.write(contentsOf: Data((job.line + "\n").utf8))
        return job
    }

    /// Notes that the worker answered `sent`: it parsed the text the job carried, if any, and holds it.
    func held(_ sent: WorkerJob) {
        if let source = sent.source {
            heldSources.hold(ScenarioText(file: sent.file, text: source), as: sent.sourceNumber)
        }
    }

    /// The next line of standard output, waiting no later than `deadline`.
    func readLine(before deadline: ContinuousClock.Instant) -> LineReader.Read {
        output.readLine(before: deadline)
    }

    /// How the worker ended, waiting for it at most `seconds`; nil when it is still running, or
    /// when the template that forked it ended before saying.
    func exit(waitingAtMost seconds: Double) -> WorkerExit? {
        switch origin {
        case .executed(let process, let exited):
            guard exited.wait(timeout: .now() + seconds) == .success else { return nil }
            exited.signal()  // Stays signalled for any later caller.
            let status = process.terminationStatus
            return process.terminationReason == .uncaughtSignal ? .signal(status) : .status(status)
        case .forked(let server, _):
            return server.exit(of: processIdentifier, waitingAtMost: seconds)
        }
    }

    /// What the worker wrote on standard error; call once it has exited (complete once the pipe closes).
    var standardError: String { stderr.text() }

    /// Ends the worker at once, whatever it is doing: stopped, wedged, or past its deadline.
    func stop() {
        kill(processIdentifier, SIGKILL)
    }

    /// Ends a healthy worker: it sees end of input and exits.
    func close(waiting: Bool = false) {
        try? input.close()
        guard waiting else { return }
        switch origin {
        case .executed(_, let exited):
            exited.wait()
            exited.signal()
        case .forked:
            if exit(waitingAtMost: ForkServer.answerTimeout) == nil { stop() }
        }
    }
}

/// Drains a worker's standard error on its own thread (so the worker never blocks on
/// a full pipe), keeping the tail, where a trap's message is.
final class StandardErrorTail: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()
    private let done = DispatchSemaphore(value: 0)

    func collect(from handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock {
                    bytes.append(chunk)
                    if bytes.count > 65_536 { bytes = Data(bytes.suffix(16_384)) }
                }
            }
            done.signal()
        }
    }

    /// Everything kept, once the writer has closed its end.
    func text() -> String {
        done.wait()
        done.signal()
        return lock.withLock { String(decoding: bytes, as: UTF8.self) }
    }
}
