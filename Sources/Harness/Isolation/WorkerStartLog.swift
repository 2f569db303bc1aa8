import Foundation

/// With `HARNESS_WORKER_LOG` set to a file, how each worker was started (`exec 4242`,
/// `forked 4243`, `exec (fork server: …)`) is appended to it, a line each: the place to see
/// that the fork server is used, and why a worker fell back to exec. Reports never show it.
enum WorkerStartLog {
    static let variable = "HARNESS_WORKER_LOG"
    private static let path = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }

    static func note(_ line: String) {
        guard let path else { return }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        // One write per line, appended: lanes writing at once never interleave within a line.
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
