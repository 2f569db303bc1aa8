import Sandbox

/// What a run is for.
public enum RunMode: Sendable, Hashable, Codable {
    /// `harness run` and the test suite: every step runs, expectations are checked, and a failing
    /// verdict of the judge fails the run.
    case scripted
    /// One of the explorer's runs: `faults` are armed before the first step, expectations are left to the
    /// judge, and once a fault fires (or `lifecycle` ends the app after its step) the run ends with a
    /// relaunch that shows what survived (see `ScheduleRun`). No faults and no event: the fault-free run.
    case exploring(faults: [FaultRule], lifecycle: LifecycleEvent?)

    /// The fault-free run the explorer places its schedules on.
    public static let faultFree = RunMode.exploring(faults: [], lifecycle: nil)

    var isExploring: Bool { self != .scripted }

    /// An explored run's schedule, as the runner carries it out; nil for a scripted run.
    var schedule: ScheduleRun? {
        guard case .exploring(let faults, let lifecycle) = self else { return nil }
        return ScheduleRun(faults: faults, lifecycle: lifecycle)
    }
}
