import Foundation
import Sandbox

/// One fault placed on one operation of the fault-free run, or one lifecycle event after one of its
/// steps: with the scenario and the seed, it names a run completely.
public struct Schedule: Sendable, Hashable, Codable {
    /// The operation of the fault-free run the fault lands on; for a lifecycle event, the last
    /// operation before it (0: none).
    public var operation: Int
    public var event: Event
    public var seed: UInt64

    /// What the schedule does to the run.
    public enum Event: Sendable, Hashable, Codable {
        case fault(FaultRule)
        case lifecycle(LifecycleEvent)

        var rule: FaultRule? { if case .fault(let rule) = self { rule } else { nil } }
    }

    public init(operation: Int, event: Event, seed: UInt64) {
        self.operation = operation
        self.event = event
        self.seed = seed
    }

    /// The fault it arms, if it is a fault.
    public var rule: FaultRule? { event.rule }

    /// The lifecycle event, if it is one.
    public var lifecycle: LifecycleEvent? { if case .lifecycle(let lifecycle) = event { lifecycle } else { nil } }

    /// The rules a run of it arms: its fault, or none.
    public var faultRules: [FaultRule] { rule.map { [$0] } ?? [] }

    /// The schedule as scenario lines: `fault write Documents/history.plist disk-full nth 2`, or `background`
    /// then `kill` (placed after the step).
    public var scenarioLines: [String] {
        switch event {
        case .fault(let rule): [FaultSyntax.line(for: rule)]
        case .lifecycle(let lifecycle): lifecycle.kind.scenarioLines
        }
    }

    /// The scenario lines as one: `background; kill`.
    public var scenarioLine: String { scenarioLines.joined(separator: "; ") }

    /// A short name for the fault, used as a column of the fault matrix.
    public var faultName: String {
        switch event {
        case .fault(let rule): FaultSyntax.column(of: rule.fault, occurrence: rule.occurrence)
        case .lifecycle(let lifecycle): lifecycle.kind.column
        }
    }

    /// The exploring run's job on `scenario`.
    func job(_ scenario: ScenarioText, edition: String) -> WorkerJob {
        WorkerJob(scenario: scenario, edition: edition, seed: seed, mode: mode, includeOperations: false)
    }

    /// The run this schedule names.
    package var mode: RunMode { .exploring(faults: faultRules, lifecycle: lifecycle) }
}

/// Builds every schedule for a fault-free run, SQLite-style: each operation in turn,
/// with every fault that applies to it, transient and persistent, and crashes around and inside it.
package enum ScheduleGenerator {
    /// Every fault that takes no argument: each error a call can meet.
    static let errorFaults: [Fault] = FaultWord.all.compactMap { $0.arguments.isEmpty ? $0.fault([]) : nil }

    /// Every schedule of an exploration of `edition` whose fault-free run is `baseline`: the faults at
    /// each operation and the lifecycle events after each step, in the order of that run.
    package static func schedules(after baseline: RunResult, edition: String, seed: UInt64) -> [Schedule] {
        let operations = baseline.operations
        var schedules = merged(
            schedules(for: operations, seed: seed),
            lifecycleSchedules(
                after: baseline.exploration ?? ExplorationRecord(), operationCount: operations.count, seed: seed))
        // An older edition a scenario launches first only writes what the explored edition must read: its
        // processes get no fault and no lifecycle event (their failures are that edition's, not this one's).
        let olderCode = Set(baseline.launchedEditions.indices.filter { baseline.launchedEditions[$0] != edition })
        if !olderCode.isEmpty {
            schedules.removeAll { schedule in
                operations.indices.contains(schedule.operation - 1)
                    && olderCode.contains(operations[schedule.operation - 1].process - 1)
            }
        }
        // A flush before the crash shows the step's new state, which the oracle knows only from a fault-free run that
        // finished the step: not inside a step the scenario's own crash ends.
        if let record = baseline.exploration {
            schedules.removeAll { schedule in
                guard case .fault(let rule) = schedule.event, case .crashAfterFlush = rule.fault else { return false }
                let position = record.stepStarts.lastIndex { $0 < schedule.operation } ?? 0
                return record.observations.indices.contains(position) && record.observations[position] == nil
            }
        }
        return schedules
    }

    static func schedules(for operations: [OperationRecord], seed: UInt64) -> [Schedule] {
        var schedules: [Schedule] = []
        // How many operations so far a rule on each exact "kind path" selects (by path or by target).
        var selected: [String: Int] = [:]
        for operation in operations {
            let path = operation.target ?? operation.path
            for name in Set([operation.path, path]) { selected["\(operation.kind.rawValue) \(name)", default: 0] += 1 }
            guard operation.kind != .now else { continue }
            let occurrence = selected["\(operation.kind.rawValue) \(path)"]!
            let pattern = PathPattern(path)
            func add(_ fault: Fault, _ when: FaultRule.Occurrence, seed: UInt64 = seed) {
                let rule = FaultRule(kind: operation.kind, path: pattern, occurrence: when, fault: fault)
                schedules.append(Schedule(operation: operation.number, event: .fault(rule), seed: seed))
            }
            for fault in errorFaults where fault.applies(to: operation.kind) {
                add(fault, .nth(occurrence))
                add(fault, .from(occurrence))
            }
            add(.crashBefore(.kill), .nth(occurrence))
            add(.crashAfter(.kill), .nth(occurrence))
            if operation.kind == .set { add(.crashAfterFlush(.kill), .nth(occurrence)) }
            if operation.kind.mutatesFiles {
                for fate in 0..<3 { add(.crashAfter(.powerLoss), .nth(occurrence), seed: seed &+ UInt64(fate)) }
            }
            if operation.kind == .write, let bytes = operation.bytes, bytes > 0 {
                for cut in Set([0, bytes / 2, bytes - 1]).sorted() {
                    add(.partialWrite(bytes: cut, then: .error), .nth(occurrence))
                    add(.partialWrite(bytes: cut, then: .crash(.kill)), .nth(occurrence))
                    add(.partialWrite(bytes: cut, then: .crash(.powerLoss)), .nth(occurrence))
                }
            }
        }
        return schedules
    }

    /// Every lifecycle event after each step of the fault-free run after which the app is running.
    static func lifecycleSchedules(after baseline: ExplorationRecord, operationCount: Int, seed: UInt64) -> [Schedule] {
        let unflushed = Set(baseline.unflushedDefaultsAfter)
        return baseline.stepIndexes.indices.filter { baseline.observations[$0] != nil }.flatMap { position in
            let lastOperation = baseline.stepStarts.dropFirst(position + 1).first ?? operationCount
            let kinds = LifecycleEvent.Kind.allCases.filter {
                $0 != .defaultsFlushedThenKill || unflushed.contains(position)
            }
            return kinds.map { kind in
                Schedule(
                    operation: lastOperation,
                    event: .lifecycle(LifecycleEvent(step: baseline.stepIndexes[position], kind: kind)), seed: seed)
            }
        }
    }

    /// Both kinds in the order of the fault-free run: each lifecycle event after the faults on the
    /// operations before it.
    static func merged(_ operations: [Schedule], _ lifecycle: [Schedule]) -> [Schedule] {
        var merged: [Schedule] = []
        var next = lifecycle[...]
        for schedule in operations {
            while let event = next.first, event.operation < schedule.operation {
                merged.append(event)
                next = next.dropFirst()
            }
            merged.append(schedule)
        }
        return merged + next
    }
}
