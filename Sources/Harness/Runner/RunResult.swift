import Foundation
import Sandbox

/// How a scenario run ended.
public enum RunOutcome: Sendable, Hashable, Codable, CustomStringConvertible {
    case passed
    /// An expectation did not hold, or a step could not be performed.
    case failed
    /// The app code trapped (index out of range, fatalError, force unwrap): the run ended there.
    case trapped(message: String)
    /// A step never finished: the app did not return by the deadline, twice.
    case hung(message: String)
    /// The harness could not carry the run out (no worker would start, or workers were killed
    /// from outside): neither a pass nor a failure of the app.
    case harnessError(message: String)

    public var isTrap: Bool { if case .trapped = self { return true } else { return false } }
    public var isHang: Bool { if case .hung = self { return true } else { return false } }
    public var isHarnessError: Bool { if case .harnessError = self { return true } else { return false } }

    public var description: String {
        switch self {
        case .passed: return "passed"
        case .failed: return "failed"
        case .trapped(let message): return "trapped: \(message)"
        case .hung(let message): return "hung: \(message)"
        case .harnessError(let message): return "harness error: \(message)"
        }
    }
}

/// Why a step failed: the step, what was expected, what was found.
public struct StepFailure: Sendable, Hashable, Codable {
    public var location: ScenarioLocation
    public var step: String
    public var expected: String
    public var found: String
    /// The last operations before the failure.
    public var operationsTail: [String]

    /// `file:line:col: step: expected …; found …`, on one line (as given: escape it where it is shown).
    public var summary: String { "\(location): \(step): expected \(expected); found \(found)" }

    /// The failure as a person reads it: `file:line:col: step` then expected/found and the log tail.
    public var report: String {
        var lines = ["\(location): \(step)", "  expected: \(expected)", "  found:    \(found)"]
        if !operationsTail.isEmpty {
            lines.append("  last operations:")
            lines += operationsTail.map { "    " + $0 }
        }
        return lines.map { ControlCharacters.escaped($0) }.joined(separator: "\n")
    }

    /// The line a trace ends with: `  FAILED: expected …; found …`.
    var traceLine: String { ControlCharacters.escaped("  FAILED: expected \(expected); found \(found)") }
}

/// The result of running one scenario once.
public struct RunResult: Sendable, Hashable, Codable {
    public var file: String
    /// The name of the edition that ran.
    public var edition: String
    public var seed: UInt64
    public var outcome: RunOutcome
    public var failure: StepFailure?
    /// Steps run (conditions that did not hold are not counted).
    public var stepsRun: Int
    /// Every step with the operations it caused (filled when tracing).
    public var trace: String
    /// The operations of the whole run.
    public var operations: [OperationRecord]
    /// What an exploring run saw.
    public var exploration: ExplorationRecord?
    /// The judge's verdict on the run (docs/oracles.md): never `passed` for a run that did not finish.
    public var verdict: OutcomeClass = .passed
    /// For a verdict worse than `alerted`: what was lost and at which step line, and that step.
    public var verdictMessage: String?
    public var verdictLocation: ScenarioLocation?
    /// What a reproduction of the run writes after its steps.
    var reproductionFacts = ReproductionFacts()
    /// The edition each launch ran, in order (process 1 first): `launch edition` and `upgrade` change it.
    public var launchedEditions: [String] = []

    public var passed: Bool { outcome == .passed }
}

extension RunResult {
    /// A run the harness could not carry out: neither a pass nor a failure of the app.
    static func notRun(file: String, edition: String, seed: UInt64, message: String) -> RunResult {
        RunResult(
            file: file, edition: edition, seed: seed, outcome: .harnessError(message: message), failure: nil,
            stepsRun: 0, trace: "", operations: [], exploration: nil, verdict: .harnessError, verdictMessage: message)
    }
}

/// What the explorer plans from, of its fault-free run (and what an explored run tells of its fault): where each step
/// began, whether the app ran after it, and where the platform may flush key-value changes before a kill.
public struct ExplorationRecord: Sendable, Hashable, Codable {
    /// The scenario-step index of each step run, in order (the explorer's own steps left out).
    public var stepIndexes: [Int] = []
    /// How many operations had run before each step run.
    public var stepStarts: [Int] = []
    /// Whether the app was running after each step run.
    public var running: [Bool] = []
    /// The positions after which the app held key-value changes its preferences file did not, under iOS's flush
    /// policy: where the platform may write them before the app is killed.
    public var unflushedDefaultsAfter: [Int] = []
    /// The step (scenario index) during which the schedule's fault fired, or after which its lifecycle event came.
    public var firedAtStep: Int?
    /// FNV-1a of the whole trace: equal hashes, equal runs.
    public var traceHash = ""

    public init() {}

    /// The scenario's own steps of `record`, as the explorer counts them.
    init(_ record: RunRecord) {
        for entry in record.entries {
            guard let index = entry.index else { continue }
            if entry.unflushedDefaults { unflushedDefaultsAfter.append(stepIndexes.count) }
            stepIndexes.append(index)
            stepStarts.append(entry.start)
            running.append(entry.shown != nil)
        }
    }
}

/// What a reproduction of a failing run writes after its steps.
struct ReproductionFacts: Sendable, Hashable, Codable {
    /// What the failing relaunch was held to, and the phone's time zone then (its days are named in it).
    var expected: VisibleData?
    var timeZone = "UTC"
    /// Files written over unread.
    var overwritten: [String] = []
    /// The app was running after the last step.
    var runningAtEnd = false
}
