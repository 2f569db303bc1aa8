import Foundation
import Sandbox

/// The runs beside the real one that the model's judgements ask for, each in a world of its own on the simulated
/// disk, with no trace: what the app shows had a crash not come, had no error fault fired, had no fault fired at all,
/// in an empty container.
extension ScenarioRunner {
    /// What `scenario` shows after its step `index` in a run like this one in which no fault causes crash number
    /// `crash`: the new state of the action that crash interrupted (nil: the app was not running then).
    func stateAfter(step index: Int, sparing crash: Int, of scenario: Scenario) -> VisibleData? {
        guard var session = sideRunner(mode: mode).makeSession(for: scenario) else { return nil }
        defer { session.world.discardMainQueue() }
        session.world.spareCrash(number: crash)
        return observation(
            after: index, of: scenario, in: &session, skipping: mode.isExploring ? Self.checks : { _ in false })
    }

    /// What `scenario` shows after its step `index` with none of its faults that leave the app running armed (its
    /// checks are not run: they may expect the faults' alerts); nil when a step fails.
    func stateWithoutErrorFaults(after index: Int, of scenario: Scenario) -> VisibleData? {
        guard var session = sideRunner(mode: mode.isExploring ? .faultFree : .scripted).makeSession(for: scenario)
        else { return nil }
        defer { session.world.discardMainQueue() }
        return observation(after: index, of: scenario, in: &session, skipping: Self.errorFaultsAndChecks)
    }

    /// The scenario's checks (an explored run leaves them to the oracles; a side run's may expect faults' alerts).
    private static func checks(_ step: Step) -> Bool {
        if case .expect = step.command { return true }
        return false
    }

    /// The scenario's checks and every fault it arms.
    private static func faultsAndChecks(_ step: Step) -> Bool {
        if case .fault = step.command { return true }
        return checks(step)
    }

    /// The scenario's checks and its faults that leave the app running.
    private static func errorFaultsAndChecks(_ step: Step) -> Bool {
        if case .fault(let rule) = step.command { return !rule.fault.killsTheProcess }
        return checks(step)
    }

    /// What `code` shows launched in an empty container at `world`'s time.
    func emptyContainerState(_ code: InstalledCode, of scenario: Scenario, at world: SimulatedWorld) -> VisibleData? {
        guard var session = sideRunner(mode: .faultFree).makeSession(for: scenario) else { return nil }
        defer { session.world.discardMainQueue() }
        session.world.setClock(world.now, timeZone: world.timeZone)
        session.installed = code
        session.launch()
        return session.observe().map(session.model.visibleData)
    }

    /// Where data a relaunch after step `index` may show comes from, besides what the runs showed: what the steps up
    /// to `index` show with none of the scenario's faults (stored data they kept out of sight, the new state of an
    /// action a crash interrupted), that run relaunched there as an explored run is (background, kill, every fault
    /// cleared, launch), and what the relaunched code shows in an empty container; for an explored run, also the
    /// fault-free run relaunched there.
    func statesWithoutFaults(upTo index: Int, of scenario: Scenario) -> [VisibleData] {
        var states: [VisibleData] = []
        if var session = sideRunner(mode: .faultFree).makeSession(for: scenario) {
            defer { session.world.discardMainQueue() }
            let ran = run(scenario, upTo: index, in: &session, skipping: Self.faultsAndChecks)
            states += session.model.record.observations.compactMap { $0 }
            if ran { states += relaunched(&session, of: scenario) }
        }
        guard !mode.isJudgedByTheModel, var session = sideRunner(mode: .faultFree).makeSession(for: scenario)
        else { return states }
        defer { session.world.discardMainQueue() }
        guard run(scenario, upTo: index, in: &session, skipping: Self.checks) else { return states }
        return states + relaunched(&session, of: scenario)
    }

    /// What `session`'s app shows relaunched as an explored run is, and what that code shows in an empty container.
    private func relaunched(_ session: inout RunSession, of scenario: Scenario) -> [VisibleData] {
        var record = session.model.record
        recover(&session, into: &record)
        return [record.recovered, emptyContainerState(session.installed, of: scenario, at: session.world)]
            .compactMap { $0 }
    }

    /// Runs the steps up to `index` whose condition holds and that `skip` keeps; false when one fails.
    private func run(
        _ scenario: Scenario, upTo index: Int, in session: inout RunSession, skipping skip: (Step) -> Bool
    ) -> Bool {
        let edition = editionName(for: scenario)
        for step in scenario.steps[...index] where step.condition?.holds(for: edition) ?? true && !skip(step) {
            guard session.run(step) == nil else { return false }
        }
        return true
    }

    /// This runner in `mode`, with no trace, no operation observer and no real disk.
    private func sideRunner(mode: RunMode) -> ScenarioRunner {
        var side = self
        (side.tracing, side.liveFiles, side.liveAppFiles, side.operationObserver, side.mode) = (
            false, nil, nil, nil, mode
        )
        return side
    }

    /// Runs the steps up to `index` whose condition holds and that `skip` keeps; what the app shows after the last,
    /// nil when one fails.
    private func observation(
        after index: Int, of scenario: Scenario, in session: inout RunSession, skipping skip: (Step) -> Bool
    ) -> VisibleData? {
        guard run(scenario, upTo: index, in: &session, skipping: skip) else { return nil }
        return session.model.record.observations.last ?? nil
    }
}
