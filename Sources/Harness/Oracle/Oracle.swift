import Foundation
import Sandbox

/// Judges an exploring run against the fault-free run of the same scenario: every change the app
/// acknowledged must survive a fault or crash and a relaunch, except that the one action a crash
/// interrupted may show its old or its new state (docs/explorer.md, "oracles").
enum Oracle {
    /// `statesWithoutFaults`: where else data a relaunch after a step may show comes from (see
    /// `ScenarioRunner.statesWithoutFaults`), asked for only when the run's relaunch shows an entry no state of either
    /// run had (nil: not asked).
    static func classify(
        baseline: ExplorationRecord, run: ExplorationRecord,
        statesWithoutFaults: ((_ step: Int) -> [VisibleData])? = nil
    ) -> OutcomeClass {
        let outcome = classifyByTheApp(baseline: baseline, run: run, statesWithoutFaults: statesWithoutFaults)
        // Storage that returned bytes no app could tell were wrong lost the data, not the app.
        if run.undetectablyCorrupted && (outcome == .dataLoss || outcome == .silentOverwrite) { return .platformLoss }
        return outcome
    }

    private static func classifyByTheApp(
        baseline: ExplorationRecord, run: ExplorationRecord, statesWithoutFaults: ((Int) -> [VisibleData])?
    ) -> OutcomeClass {
        guard let step = run.firedAtStep, let position = run.stepIndexes.firstIndex(of: step) else { return .passed }
        if !run.overwritten.isEmpty && !run.platformFault { return .silentOverwrite }
        // The relaunch did not come up: whatever the user had is out of reach.
        guard let recovered = run.recovered else { return .dataLoss }
        let told = run.alertsRaised[position...].contains(true) || run.recoveredAlert
        let platform = run.lostUnflushedDefaults || run.platformFault
        let finalState = (baseline.observations.last(where: { $0 != nil }) ?? nil) ?? VisibleData()
        let lastSeen = (run.observations.last(where: { $0 != nil }) ?? nil) ?? VisibleData()
        let allowed: [VisibleData]
        if run.endedAfterStep {
            // Ended right after its step, nothing interrupted: every change acknowledged through it must be there.
            allowed = acknowledgedStates(run, before: position + 1)
        } else if run.crashed {
            // Old or new state of the interrupted action; more than that (data the run could not read) is no loss.
            allowed = acceptableStates(baseline: baseline, step: step) + acknowledgedStates(run, before: position)
        } else if told {
            // The user was told: what they last saw, or at least what they had before the fault, must be there.
            allowed = [lastSeen, finalState] + acknowledgedStates(run, before: position)
        } else {
            // Nothing was said: the user expects what a run without the fault would show.
            allowed = [finalState]
        }
        var outcome = judge(recovered, allowed: allowed, removed: run.removedEntries(), told: told, platform: platform)
        if !run.crashed, let lost = untoldRelaunchLoss(baseline: baseline, run: run, from: position) {
            outcome = outcome.worse(lost)
        }
        guard outcome == .passed else { return outcome }
        return judgeBeyond(
            recovered, allowed: allowed, seen: (baseline.observations + run.observations).compactMap { $0 },
            platform: platform
        ) { statesWithoutFaults?(step) } ?? outcome
    }

    /// The loss at a launch of the run itself after the fault (the scenario's relaunch, at which a read fault may
    /// fire), with no alert since the fault, held as `run` holds that relaunch: to what the fault-free run shows
    /// there. Key-value data is the platform's loss when the platform is to blame, or when the store answered
    /// wrongly for good (no app can show what it will not give). nil: no launch shows less.
    private static func untoldRelaunchLoss(
        baseline: ExplorationRecord, run: ExplorationRecord, from position: Int
    ) -> OutcomeClass? {
        let platform = run.platformFault || run.lostUnflushedDefaults || run.storeAnsweredWronglyForGood
        let start = max(position, 1)
        var ranBefore = run.observations[..<start].contains { $0 != nil }
        for index in start..<run.observations.count {
            defer { ranBefore = ranBefore || run.observations[index] != nil }
            if run.alertsRaised[index] { return nil }
            // A relaunch: the app ran before in this run, and had stopped.
            guard let shown = run.observations[index], run.observations[index - 1] == nil, ranBefore,
                let there = baseline.stepIndexes.firstIndex(of: run.stepIndexes[index]),
                let expected = baseline.observations[there]
            else { continue }
            let judged = judge(
                shown, allowed: [expected], removed: run.removedEntries(), told: false, platform: platform)
            if judged != .passed { return judged }
        }
        return nil
    }

    /// The judgement of a relaunch that shows more than a state it is `allowed`: no loss when that is data the run
    /// has `seen`, or that `elsewhere` says a relaunch with no fault shows (stored data the scenario's own faults
    /// kept out of sight, what a first launch makes), asked for only when needed; else an entry that is not the
    /// user's (a name torn by a crash, a person migrated twice): the platform's loss only for key-value data when
    /// the platform lost a flush or its own file was hit, as an entry in the app's files the app made itself. nil:
    /// nothing beyond, or nowhere else to look.
    static func judgeBeyond(
        _ shown: VisibleData, allowed: [VisibleData], seen: @autoclosure () -> [VisibleData], platform: Bool,
        elsewhere: () -> [VisibleData]?
    ) -> OutcomeClass? {
        // Most relaunches show a state exactly: what the run saw is gathered only for one that shows more.
        guard !allowed.contains(shown) else { return nil }
        let seen = seen()
        guard shown.entryBeyond(seen) != nil, let more = elsewhere(),
            let (name, _) = shown.entryBeyond(seen + more)
        else { return nil }
        return platform && !shown.isInFile(name) ? .platformLoss : .dataLoss
    }

    /// Whether a fault or crash hit the key-value store's own file: the platform failed, not the app.
    static func platformFaulted(_ operations: some Collection<OperationRecord>) -> Bool {
        operations.contains { $0.platform && $0.fault != nil }
    }

    /// The judgement every oracle makes of what a relaunched app shows: one of the `allowed` states (more is
    /// no loss, unless it is an entry the user `removed`); else a loss, the platform's when only key-value data
    /// differs and it lost some.
    static func judge(
        _ shown: VisibleData, allowed: [VisibleData], removed: @autoclosure () -> [String: [ObservedValue]],
        told: Bool, platform: Bool
    ) -> OutcomeClass {
        var removals: [String: [ObservedValue]]?
        let keeps = { (state: VisibleData) -> Bool in
            guard shown.contains(state) else { return false }
            // Showing exactly the state brings nothing back: the removals are worked out only for more.
            if shown == state { return true }
            if removals == nil { removals = removed() }
            return shown.broughtBack(removals ?? [:], over: state) == nil
        }
        if allowed.contains(where: keeps) {
            return told ? .alerted : .passed
        }
        if platform && allowed.contains(where: { $0.sameFiles(as: shown) }) { return .platformLoss }
        return .dataLoss
    }

    /// The data as the user saw it before `position`, and, while the steps before it raised
    /// alerts (their changes were not acknowledged), as it was before those steps too.
    static func acknowledgedStates(_ record: ExplorationRecord, before position: Int) -> [VisibleData] {
        var states: [VisibleData] = []
        var index = position - 1
        while index >= 0 {
            if let seen = record.observations[index] { states.append(seen) }
            // A step that changed nothing on screen (a check, the clock) stands for the step that made it.
            var maker = index
            while maker > 0, !record.alertsRaised[maker], let seen = record.observations[maker],
                record.observations[maker - 1] == seen
            {
                maker -= 1
            }
            guard record.alertsRaised[maker] else { break }
            index = maker - 1
        }
        // Nothing shown yet (or only unacknowledged changes): an empty app loses nothing.
        if index < 0 || states.isEmpty { states.append(VisibleData()) }
        return states
    }

    /// What the relaunched app may show after a crash: the data as the user last saw it
    /// before the interrupted step, or after it (its old or new state).
    static func acceptableStates(baseline: ExplorationRecord, step: Int) -> [VisibleData] {
        guard let position = baseline.stepIndexes.firstIndex(of: step) else { return [] }
        var states: [VisibleData] = []
        if let after = baseline.observations[position] { states.append(after) }
        if let before = baseline.observations[..<position].last(where: { $0 != nil }) ?? nil { states.append(before) }
        // A step after which the app is not running is judged by the next launch's data.
        if baseline.observations[position] == nil,
            let next = baseline.observations[(position + 1)...].first(where: { $0 != nil }) ?? nil
        {
            states.append(next)
        }
        if states.isEmpty { states.append(VisibleData()) }
        return states
    }
}

extension Oracle {
    /// The data a reproduction expects after its relaunch: what the oracle held the run to.
    static func expectedState(baseline: ExplorationRecord, run: ExplorationRecord) -> VisibleData? {
        guard let step = run.firedAtStep, let position = run.stepIndexes.firstIndex(of: step) else { return nil }
        if run.endedAfterStep { return acknowledgedStates(run, before: position + 1).first }
        if run.crashed { return acceptableStates(baseline: baseline, step: step).first }
        let told = run.alertsRaised[position...].contains(true) || run.recoveredAlert
        if told { return (run.observations.last(where: { $0 != nil }) ?? nil) ?? VisibleData() }
        return (baseline.observations.last(where: { $0 != nil }) ?? nil) ?? VisibleData()
    }
}
