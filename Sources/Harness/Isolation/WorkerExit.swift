import Foundation

/// How a worker process ended, and whether that was the app's doing.
enum WorkerExit: Sendable, Equatable, CustomStringConvertible {
    case status(Int32)
    case signal(Int32)

    /// Whether the app under test killed the worker by trapping. Swift's checks (`fatalError`,
    /// index out of range, a force unwrap) end in SIGILL on x86-64 and SIGTRAP on arm64; the
    /// runtime's own (a failed `as!`) abort with SIGABRT after printing why. Anything else
    /// (SIGKILL, SIGTERM, the OOM killer, an exit) came from outside the app.
    func isAppTrap(stderr: String) -> Bool {
        switch self {
        case .signal(SIGILL), .signal(SIGTRAP): return true
        case .signal(SIGABRT): return !stderr.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        default: return false
        }
    }

    /// `was killed by SIGKILL`, `exited with status 0`.
    var description: String {
        switch self {
        case .status(let status): return "exited with status \(status)"
        case .signal(let number): return "was killed by \(Self.signalNames[number] ?? "signal \(number)")"
        }
    }

    private static let signalNames: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
        SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
        SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU",
    ]
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
