import Foundation
import Sandbox

/// One explored run: the schedule that named it and the judge's verdict.
public struct ExploredRun: Sendable, Hashable, Codable {
    public var scenario: String
    /// The operation of the fault-free run the fault was placed on, as its log line; for a lifecycle
    /// event, the last operation before it, and the step it follows (`line 4: item add Buy milk`).
    public var operation: Int
    public var site: String
    /// The fault as a scenario line; a lifecycle event as its lines (`background; kill`).
    public var fault: String
    /// The fault matrix column.
    public var column: String
    public var seed: UInt64
    public var outcome: OutcomeClass
    /// Whether the fault fired (a fault placed past the end of a changed run may not).
    public var injected: Bool
    /// The trap message for a trap; what went wrong for a hang or a harness error.
    public var message: String?
    /// FNV-1a of the run's trace (empty when the worker never answered: a trap, a hang, a harness error).
    public var traceHash: String
    /// The reproduction written for this run, if any.
    public var reproduction: String?
    /// The step of the fault-free run that made the operation (or that trapped): where CI points.
    public var location: ScenarioLocation? = nil

    /// The scenario run with no fault placed (operation 0): judged and reported like every other run.
    public var isFaultFree: Bool { operation == 0 }
}

/// Everything the explorer found for one scenario file.
public struct ScenarioExploration: Sendable, Codable {
    public var scenario: String
    /// The name of the edition explored.
    public var edition: String
    public var runs: [ExploredRun]
    /// Operation sites of the fault-free run: `write Documents/history.plist`.
    public var sitesReached: [String]
    /// How many runs injected each fault column.
    public var faultsFired: [String: Int]
    /// Fault columns that applied to some site but never fired.
    public var neverFired: [String]
    /// Fault kinds that apply to none of the sites reached.
    public var notApplicable: [String]
    /// Why the scenario could not be explored, if it could not.
    public var problem: String?
    /// With problem `invalid scenario`: every mistake in the file, as `harness run` reports them.
    public var errors: [String] = []
    /// With determinism verification: schedules replayed in a second worker, and those that differed.
    public var replayed = 0
    public var nondeterministic: [String] = []
    /// Failures whose written reproduction `harness run` did not fail the same way (removed).
    public var unreproduced: [String] = []
}
