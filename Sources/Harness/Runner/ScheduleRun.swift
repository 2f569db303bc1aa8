import Sandbox

/// One of the explorer's runs as the runner carries it out: the scenario without its checks (they are left to the
/// judge), the schedule's faults armed as steps of their own before its first step, the run cut short once they kill
/// the app or at the schedule's lifecycle event, and then the app relaunched: each a step of the record the judge
/// reads, as a reproduction's lines are.
struct ScheduleRun {
    let faults: [FaultRule]
    let lifecycle: LifecycleEvent?
    /// The scenario step during which the schedule's fault fired, or after which its lifecycle event came.
    private(set) var firedAtStep: Int?

    init(faults: [FaultRule], lifecycle: LifecycleEvent?) {
        self.faults = faults
        self.lifecycle = lifecycle
    }

    /// The schedule's faults, as steps before the scenario's first.
    func prelude(in scenario: Scenario) -> [Step] {
        faults.map { Self.step(.fault($0), FaultSyntax.line(for: $0), in: scenario) }
    }

    /// Whether a step that failed now is a step of the record: not after the fault, when it is one the user can no
    /// longer take (the run ends before it, as its reproduction does).
    func recordsAFailedStep(in world: SimulatedWorld) -> Bool {
        firedAtStep == nil && !world.anyFired(amongFirst: faults.count)
    }

    /// After the scenario's step `index`, which ended with `failure`: whether the run ends there. The lifecycle event
    /// ends it after its step, a crash once the fault fired, and, after the fault, a step the user can no longer
    /// perform (which is then no failure of the run).
    mutating func ends(after index: Int, failure: inout StepFailure?, session: inout RunSession) -> Bool {
        if let lifecycle, lifecycle.step == index, failure == nil {
            firedAtStep = index
            for (command, text) in lifecycle.kind.commands {
                _ = session.run(Self.step(command, text, in: session.scenario))
            }
            return true
        }
        if firedAtStep == nil, session.world.anyFired(amongFirst: faults.count) {
            firedAtStep = index
            // A crash interrupts the scenario; an error lets the user carry on.
            if !session.world.isRunning { return true }
        }
        if failure != nil && firedAtStep != nil {
            failure = nil
            return true
        }
        return failure != nil
    }

    /// After the fault: the app goes to the background and is killed, every fault is cleared, and the app is
    /// launched again, to show what survived.
    static func recover(_ session: inout RunSession) {
        for step in recovery(running: session.world.isRunning, in: session.scenario) { _ = session.run(step) }
    }

    /// The steps of the relaunch after the fault, with the app running or not.
    static func recovery(running: Bool, in scenario: Scenario) -> [Step] {
        var steps: [(Command, String)] = running ? [(.background, "background")] : []
        steps += [(.kill, "kill"), (.clearFaults, "faults clear"), (.launch, "launch")]
        return steps.map { step($0, $1, in: scenario) }
    }

    /// A step the explorer adds to the scenario's: its faults, a lifecycle event, the relaunch after them.
    private static func step(_ command: Command, _ text: String, in scenario: Scenario) -> Step {
        Step(location: ScenarioLocation(file: scenario.file, line: 0, column: 0), text: text, command: command)
    }
}
