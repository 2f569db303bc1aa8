import Foundation
import Testing

/// `harness` started as a child process that a test can watch, and whose workers it can
/// stop or kill while it runs.
final class RunningHarness: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    /// Standard output, then standard error.
    private var captured = [Data(), Data()]
    private let drained = DispatchGroup()
    private let exited = DispatchSemaphore(value: 0)

    init(_ arguments: [String], executable: URL = Corpus.harness, environment: [String: String] = [:]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Corpus.root.deletingLastPathComponent()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        // Drained as it comes: a full pipe would block the harness before it exits.
        drain(outputPipe.fileHandleForReading, into: 0)
        drain(errorPipe.fileHandleForReading, into: 1)
    }

    private func drain(_ handle: FileHandle, into slot: Int) {
        drained.enter()
        Thread.detachNewThread { [self] in
            let data = handle.readDataToEndOfFile()
            lock.withLock { captured[slot] = data }
            drained.leave()
        }
    }

    /// The first worker process it starts, once there is one (nil if none came within `seconds`).
    func firstWorker(within seconds: Double = 60) -> pid_t? {
        let giveUp = Date(timeIntervalSinceNow: seconds)
        while Date() < giveUp {
            if let worker = ChildProcesses.of(process.processIdentifier).first { return worker }
            usleep(10_000)
        }
        return nil
    }

    /// Waits for it to end and returns what it printed; nil (after killing it) if it is still
    /// running after `seconds`, the way a harness without a deadline never ends.
    func finish(within seconds: Double = 180) -> CommandLineTests.Outcome? {
        guard exited.wait(timeout: .now() + seconds) == .success else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        drained.wait()
        return lock.withLock {
            CommandLineTests.Outcome(
                status: process.terminationStatus,
                output: String(decoding: captured[0], as: UTF8.self),
                errors: String(decoding: captured[1], as: UTF8.self))
        }
    }
}

/// Child processes, as the system lists them.
enum ChildProcesses {
    static func of(_ parent: pid_t) -> [pid_t] {
        #if os(Linux)
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { pid_t($0) }.filter { status($0)?.parent == parent }.sorted()
        #else
            let pgrep = Process()
            pgrep.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
            pgrep.arguments = ["-P", String(parent)]
            let output = Pipe()
            pgrep.standardOutput = output
            guard (try? pgrep.run()) != nil else { return [] }
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            pgrep.waitUntilExit()
            return text.split(separator: "\n").compactMap { pid_t($0) }.sorted()
        #endif
    }

    /// Whether `process` has ended (a zombie nobody reaped has ended too).
    static func isGone(_ process: pid_t) -> Bool {
        #if os(Linux)
            guard let status = status(process) else { return true }
            return status.state == "Z" || status.state == "X"
        #else
            return kill(process, 0) != 0
        #endif
    }

    /// Waits until `process` has ended; false if it is still running after `seconds`.
    static func waitUntilGone(_ process: pid_t, within seconds: Double) -> Bool {
        let giveUp = Date(timeIntervalSinceNow: seconds)
        while Date() < giveUp {
            if isGone(process) { return true }
            usleep(20_000)
        }
        return isGone(process)
    }

    #if os(Linux)
        /// The fork server's template among `parent`'s children, once there is one (nil if none came
        /// within `seconds`).
        static func forkTemplate(of parent: pid_t, within seconds: Double = 60) -> pid_t? {
            let giveUp = Date(timeIntervalSinceNow: seconds)
            while Date() < giveUp {
                let template = of(parent).first {
                    let words = (try? String(contentsOfFile: "/proc/\($0)/cmdline", encoding: .utf8)) ?? ""
                    return words.split(separator: "\0").suffix(2) == ["worker", "--template"]
                }
                if let template { return template }
                usleep(5_000)
            }
            return nil
        }

        /// The `Threads:` count of /proc/PID/status; nil once the process has gone.
        static func threads(of process: pid_t) -> Int? {
            guard let text = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
            let line = text.split(separator: "\n").first { $0.hasPrefix("Threads:") }
            return line.flatMap { Int($0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) }
        }

        /// The state letter and parent of /proc/PID/stat ("1234 (harness) S 1200 ...").
        private static func status(_ process: pid_t) -> (state: Character, parent: pid_t)? {
            guard let text = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
                let close = text.lastIndex(of: ")")
            else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
            return (state, parent)
        }
    #endif
}
