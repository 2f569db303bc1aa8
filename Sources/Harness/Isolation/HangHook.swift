import Foundation
import Sandbox

/// Test-only: with `HARNESS_TEST_HANG_AT` set in a worker's environment, the app never returns from the first seam
/// call whose log line contains its value; with `HARNESS_TEST_PAUSE_AT` set to `SECONDS:TEXT`, every such call takes
/// that long. The tests show with them what the harness does with an app that hangs, or that is slow in every step.
/// They can stop or slow a run, never pass one.
enum HangHook {
    static let variable = "HARNESS_TEST_HANG_AT"
    static let pauseVariable = "HARNESS_TEST_PAUSE_AT"

    /// The text that hangs the app, when the hook is set.
    static let text: String? = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }

    /// The text that pauses the app, and for how long, when that hook is set.
    static let pause: (seconds: Double, text: String)? = ProcessInfo.processInfo.environment[pauseVariable].flatMap {
        let parts = $0.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let seconds = Double(parts[0]) else { return nil }
        return (seconds, String(parts[1]))
    }

    /// Whether either hook is set: every operation is then passed to `check`.
    static var isSet: Bool { text != nil || pause != nil }

    /// Called with each operation as it is logged, on the thread that made it.
    static func check(_ operation: OperationRecord) {
        if let pause, operation.line.contains(pause.text) { usleep(UInt32(pause.seconds * 1_000_000)) }
        guard let text, operation.line.contains(text) else { return }
        while true { sleep(3600) }
    }
}
