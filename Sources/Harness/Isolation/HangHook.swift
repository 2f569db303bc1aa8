import Foundation
import Sandbox

/// Test-only: with `HARNESS_TEST_HANG_AT` set in a worker's environment, the app never
/// returns from the first seam call whose log line contains its value, so the tests can
/// show what the harness does with an app that hangs. It can stop a run, never pass one.
enum HangHook {
    static let variable = "HARNESS_TEST_HANG_AT"

    /// The text that hangs the app, when the hook is set.
    static let text: String? = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }

    /// Called with each operation as it is logged, on the thread that made it.
    static func check(_ operation: OperationRecord) {
        guard let text, operation.line.contains(text) else { return }
        while true { sleep(3600) }
    }
}
