import Sandbox

/// What a run is for.
public enum RunMode: Sendable, Hashable, Codable {
    /// `harness run` and the test suite: every step runs, expectations are checked, and a failing
    /// verdict of the oracle fails the run.
    case scripted
    /// One of the explorer's runs: `faults` are armed before the first step, expectations are left to the
    /// oracles, and once a fault fires (or `lifecycle` ends the app after its step) the run ends with a
    /// relaunch that shows what survived. No faults and no event: the fault-free run.
    case exploring(faults: [FaultRule], lifecycle: LifecycleEvent?)

    /// The fault-free run the explorer judges the others against.
    public static let faultFree = RunMode.exploring(faults: [], lifecycle: nil)

    var isExploring: Bool { self != .scripted }

    /// The model's verdict is the run's (scripted and fault-free runs); the explorer judges its other runs itself.
    var isJudgedByTheModel: Bool { self == .scripted || self == .faultFree }

    /// The faults the explorer's schedule arms, in addition to the scenario's.
    var faults: [FaultRule] {
        if case .exploring(let faults, _) = self { return faults }
        return []
    }

    var lifecycle: LifecycleEvent? {
        if case .exploring(_, let lifecycle) = self { return lifecycle }
        return nil
    }
}
