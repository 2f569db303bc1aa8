import Foundation

/// A running `harness worker` child with its three pipes.
final class WorkerProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var buffered = LineBuffer()
    private let stderr = StandardErrorTail()

    init(executable: URL) throws {
        process.executableURL = executable
        process.arguments = ["worker"]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // Dictionaries (inside property lists and keyed archives) keep one order from run to run.
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        stderr.collect(from: errors.fileHandleForReading)
    }

    func send(_ job: WorkerJob) throws {
        var data = try JSONEncoder().encode(job)
        data.append(UInt8(ascii: "\n"))
        try input.fileHandleForWriting.write(contentsOf: data)
    }

    /// The next line of standard output, or nil when the worker has gone.
    func readLine() -> String? {
        while true {
            if let line = buffered.nextLine() { return line }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffered.append(chunk)
        }
    }

    /// What a dead worker wrote on standard error (complete once the pipe closes).
    func finish() -> String {
        reapInBackground()
        return stderr.text()
    }

    /// Ends a healthy worker: it sees end of input and exits.
    func close(waiting: Bool = false) {
        try? input.fileHandleForWriting.close()
        if waiting { process.waitUntilExit() } else { reapInBackground() }
    }

    /// `waitUntilExit` polls on Linux; nothing here needs the exit status, so the wait happens off the critical path.
    private func reapInBackground() {
        let process = UncheckedProcess(process: self.process)
        Thread.detachNewThread { process.process.waitUntilExit() }
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
        return lock.withLock { String(decoding: bytes, as: UTF8.self) }
    }
}

/// A child process handed to the thread that reaps it.
struct UncheckedProcess: @unchecked Sendable {
    let process: Process
}
