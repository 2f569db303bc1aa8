import Foundation

/// How workers after the first start, as `HARNESS_WORKERS` says: forked from a warmed template (falling back
/// to exec whenever that fails; see `ForkServer`), or each by exec. The reports are the same either way.
enum WorkerStart: String, CaseIterable, Sendable {
    case fork, exec

    static let variable = "HARNESS_WORKERS"

    #if canImport(Darwin)
        /// Where the variable is unset or empty: exec, since Darwin's CoreFoundation stops a forked child
        /// that uses it without exec'ing first.
        static let standard = WorkerStart.exec
    #else
        /// Where the variable is unset or empty.
        static let standard = WorkerStart.fork
    #endif

    /// A value of the variable that names no way to start workers.
    struct UnknownValue: LocalizedError, Sendable, CustomStringConvertible {
        let value: String
        var errorDescription: String? { description }
        var description: String {
            let allowed = WorkerStart.allCases.map(\.rawValue).joined(separator: " or ")
            let standard = WorkerStart.standard.rawValue
            return "\(WorkerStart.variable) is '\(value)'; it must be \(allowed) (unset: \(standard))"
        }
    }

    /// The way `environment` asks for.
    static func chosen(
        in environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UnknownValue) -> WorkerStart {
        guard let value = environment[variable], !value.isEmpty else { return standard }
        guard let start = WorkerStart(rawValue: value) else { throw UnknownValue(value: value) }
        return start
    }
}
