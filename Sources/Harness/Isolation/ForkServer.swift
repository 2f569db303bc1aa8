import Foundation

/// Starts workers by asking a warmed template process (`harness worker --template`) to fork
/// them: a fork costs a fraction of a process start, which bounds explorations where many
/// schedules trap. Used unless `HARNESS_WORKERS=exec` (see `WorkerStart`); whenever the template
/// fails, workers are exec'd as before (the caller falls back; see `IsolatedRunner`).
final class ForkServer {
    /// After this many templates that failed, no more are started: workers are exec'd.
    static let failureLimit = 3
    /// How long the template may take to answer (a loaded 2-core machine can be slow).
    static let answerTimeout = 10.0

    let executable: URL
    /// The template and what its termination handler signals.
    private var template: (process: Process, exited: DispatchSemaphore)?
    private var channel: FileHandle?
    private var answers: LineReader?
    /// Children that ended before the worker that owns them asked.
    private var exits: [pid_t: WorkerExit] = [:]
    private var failures = 0
    /// Counts templates started: a worker forked by an earlier one has lost its parent.
    private(set) var generation = 0
    /// The texts the template holds prepared, as a worker holds texts (see `HeldSources`): a worker it
    /// forks starts out holding them, under these numbers.
    private(set) var held = HeldSources<ScenarioText>()
    /// The number the next text prepared is held under; a worker forked after numbers its own texts from here.
    private(set) var nextSourceNumber = 1
    /// Whether the template has prepared a scenario, running its edition's code.
    private var ranAppCode = false

    init(executable: URL) { self.executable = executable }

    /// Why the fork server started no worker.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Asks the template for a child on these pipe ends (its standard input, output, error);
    /// returns the child's process id. Starts the template first when there is none.
    func fork(_ descriptors: [Int32]) throws(Problem) -> pid_t {
        let channel = try running()
        guard DescriptorPassing.send(descriptors, for: .fork, over: channel.fileDescriptor) else {
            throw drop("the fork server's template had ended before it was sent the request")
        }
        switch request(before: .now + .seconds(Self.answerTimeout)) {
        case .forked(let child): return child
        case .failed(let why): throw Problem(description: "the fork server could not fork: \(why)")
        case nil: throw drop("the fork server's template ended or did not answer the request")
        case let other?: throw drop("the fork server's template answered '\(other.line)' to a request")
        }
    }

    /// Has the template parse the text of `job` (a judged exploring run) and run the fault-free run it is
    /// judged against, unless it holds that text already: every worker forked after inherits both, where
    /// each would otherwise parse and run them before its first run. A template that fails is dropped.
    func prepare(_ job: WorkerJob) throws(Problem) {
        guard let source = job.source else { return }
        let text = ScenarioText(file: job.file, text: source)
        guard held.number(where: { $0 == text }) == nil else { return }
        let channel = try running()
        var faultFree = job
        (faultFree.mode, faultFree.judge, faultFree.sourceNumber) = (.faultFree, false, nextSourceNumber)
        guard let ends = SystemCall.pipe() else {
            throw Problem(description: "no pipe for a job to prepare: \(String(cString: strerror(errno)))")
        }
        let sent = DescriptorPassing.send([ends[0]], for: .prepare, over: channel.fileDescriptor)
        // Only the template holds the reading end now, so a template that ended fails the write.
        SystemCall.close(ends[0])
        let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        guard sent else { throw drop("the fork server's template had ended before it was sent a job to prepare") }
        do {
            try writer.write(contentsOf: Data((faultFree.line + "\n").utf8))
            try writer.close()
        } catch {
            throw drop("the fork server's template did not read the job to prepare")
        }
        switch request(before: .now + .seconds(Self.answerTimeout)) {
        case .prepared:
            held.hold(text, as: faultFree.sourceNumber)
            nextSourceNumber += 1
            ranAppCode = true
            WorkerStartLog.note("prepared \(job.file)")
        case .failed(let why): throw drop("the fork server's template could not prepare \(job.file): \(why)")
        case nil: throw drop("the fork server's template ended or did not answer a job to prepare")
        case let other?: throw drop("the fork server's template answered '\(other.line)' to a job to prepare")
        }
    }

    /// How `child` ended, waiting at most `seconds` for the template to say; nil when it did not say
    /// (a template that ended, went silent or said something unreadable is not used again).
    func exit(of child: pid_t, waitingAtMost seconds: Double) -> WorkerExit? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while exits[child] == nil {
            guard template != nil else { return nil }
            guard next(before: deadline) != nil else {
                _ = drop("the fork server's template did not report how a worker ended")
                return nil
            }
        }
        return exits.removeValue(forKey: child)
    }

    /// Whether the template that forked workers of `generation` is still there to report on them.
    func isServing(_ generation: Int) -> Bool { template != nil && generation == self.generation }

    /// Ends a template that ran an edition's code (see `prepare`): the next worker comes from a fresh one.
    func forgetAppCode() {
        if ranAppCode { shutDown() }
    }

    /// Ends the template (it ends the workers it still has) and waits until it has exited.
    func shutDown() {
        guard let template else { return }
        try? channel?.close()
        if template.exited.wait(timeout: .now() + Self.answerTimeout) == .timedOut {
            kill(template.process.processIdentifier, SIGKILL)
            template.exited.wait()
        }
        clear()
    }

    deinit {
        if let template, template.process.isRunning { kill(template.process.processIdentifier, SIGKILL) }
    }

    /// The next answer; nil when the channel ended, said something unreadable, or was silent until
    /// `deadline`. Exit reports are kept for `exit(of:)`.
    private func next(before deadline: ContinuousClock.Instant) -> ForkServerAnswer? {
        guard case .line(let line)? = answers?.readLine(before: deadline),
            let answer = ForkServerAnswer(line: line)
        else { return nil }
        if case .exited(let child, let exit) = answer { exits[child] = exit }
        return answer
    }

    /// The next answer that is not an exit report.
    private func request(before deadline: ContinuousClock.Instant) -> ForkServerAnswer? {
        while true {
            let answer = next(before: deadline)
            guard case .exited? = answer else { return answer }
        }
    }

    private func running() throws(Problem) -> FileHandle {
        if let channel { return channel }
        guard failures < Self.failureLimit else {
            throw Problem(description: "the fork server's template failed \(failures) times; not started again")
        }
        generation += 1
        guard let ends = SystemCall.socketPair() else {
            throw Problem(description: "no control channel: \(String(cString: strerror(errno)))")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["worker", "--template"]
        process.environment = WorkerProcess.environment
        // The test hook that ends a template ends the first only: the harness must go on with the next.
        if generation > 1 { process.environment?[ForkTemplate.deathVariable] = nil }
        let templateEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        process.standardInput = templateEnd
        // Its output too (it writes only answers): anything else it prints, a crash's message, reads as a
        // wrong answer, and the template is not used again. Opening /dev/null would be a write-open on the host.
        process.standardOutput = templateEnd
        process.standardError = templateEnd
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let channel = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        do {
            try process.run()
        } catch {
            failures += 1
            throw Problem(description: "could not start the fork server's template: \(error.localizedDescription)")
        }
        try? templateEnd.close()
        template = (process, exited)
        self.channel = channel
        answers = LineReader(descriptor: channel.fileDescriptor)
        guard request(before: .now + .seconds(Self.answerTimeout)) == .ready else {
            throw drop("the fork server's template did not say it was ready")
        }
        return channel
    }

    /// Ends a template that cannot be trusted; returns the problem to throw.
    private func drop(_ why: String) -> Problem {
        failures += 1
        WorkerStartLog.note("fork server dropped: \(why)")
        if let template {
            kill(template.process.processIdentifier, SIGKILL)
            try? channel?.close()
            template.exited.wait()
        }
        clear()
        return Problem(description: why)
    }

    private func clear() {
        held = HeldSources()
        ranAppCode = false
        template = nil
        channel = nil
        answers = nil
        exits = [:]
    }
}
