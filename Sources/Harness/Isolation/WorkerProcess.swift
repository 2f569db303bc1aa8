import Foundation

/// A running `harness worker` child with its three pipes.
final class WorkerProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var buffered = LineBuffer()
    private let stderr = StandardErrorTail()
    private let exited = DispatchSemaphore(value: 0)
    /// Keys of the scenario texts this worker has been sent: it keeps them parsed.
    var heldSources: Set<String> = []

    init(executable: URL) throws {
        process.executableURL = executable
        process.arguments = ["worker"]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // Dictionaries (inside property lists and keyed archives) keep one order from run to run.
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        environment[ParentWatch.parentVariable] = String(getpid())
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        // Foundation reaps the child on its own thread and then calls this.
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        stderr.collect(from: errors.fileHandleForReading)
    }

    /// Throws when the worker is gone (its end of the pipe is closed).
    func send(_ job: WorkerJob) throws {
        var data = try JSONEncoder().encode(job)
        data.append(UInt8(ascii: "\n"))
        try input.fileHandleForWriting.write(contentsOf: data)
    }

    enum Read {
        case line(String)
        /// The worker closed its output: it has ended.
        case closed
        /// Nothing came before the deadline.
        case overdue
    }

    /// The next line of standard output, waiting no later than `deadline`.
    func readLine(before deadline: ContinuousClock.Instant) -> Read {
        let descriptor = output.fileHandleForReading.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let line = buffered.nextLine() { return .line(line) }
            let remaining = deadline - .now
            guard remaining > .zero else { return .overdue }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Self.milliseconds(remaining))
            if polled == 0 || (polled < 0 && errno == EINTR) { continue }
            let count = polled < 0 ? -1 : read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .closed }
            buffered.append(chunk[..<count])
        }
    }

    /// How the worker ended, waiting for it at most `seconds`; nil when it is still running.
    func exit(waitingAtMost seconds: Double) -> WorkerExit? {
        guard exited.wait(timeout: .now() + seconds) == .success else { return nil }
        exited.signal()  // Stays signalled for any later caller.
        let status = process.terminationStatus
        return process.terminationReason == .uncaughtSignal ? .signal(status) : .status(status)
    }

    /// What the worker wrote on standard error; call once it has exited (complete once the pipe closes).
    var standardError: String { stderr.text() }

    /// Ends the worker at once, whatever it is doing: stopped, wedged, or past its deadline.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
    }

    /// Ends a healthy worker: it sees end of input and exits.
    func close(waiting: Bool = false) {
        try? input.fileHandleForWriting.close()
        if waiting {
            exited.wait()
            exited.signal()
        }
    }

    /// `poll`'s timeout: whole milliseconds, rounded up so a wait never ends early.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
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
