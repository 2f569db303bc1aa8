import Foundation

/// Judges an exploring run against the fault-free run of the same scenario: every change the app
/// acknowledged must survive a fault or crash and a relaunch, except that the one action a crash
/// interrupted may show its old or its new state (docs/explorer.md, "oracles").
enum Oracle {
    static func classify(baseline: ExplorationRecord, run: ExplorationRecord) -> OutcomeClass {
        guard let step = run.firedAtStep, let position = run.stepIndexes.firstIndex(of: step) else { return .passed }
        if !run.overwritten.isEmpty && !run.platformFault { return .silentOverwrite }
        // The relaunch did not come up: whatever the user had is out of reach.
        guard let recovered = run.recovered else { return .dataLoss }
        let told = run.alertsRaised[position...].contains(true) || run.recoveredAlert
        let platform = run.lostUnflushedDefaults || run.platformFault
        if run.lifecycleEvent != nil {
            return afterLifecycleEvent(run, at: position, recovered, told: told, platform: platform)
        }
        if run.crashed {
            let allowed = acceptableStates(baseline: baseline, step: step) + acknowledgedStates(run, before: position)
            // Old or new state of the interrupted action; more than that (data the run could not read) is no loss.
            if allowed.contains(where: recovered.contains) { return told ? .alerted : .passed }
            if platform && allowed.contains(where: { $0.sameFiles(as: recovered) }) { return .platformLoss }
            return .dataLoss
        }
        let finalState = (baseline.observations.last(where: { $0 != nil }) ?? nil) ?? VisibleData()
        let lastSeen = (run.observations.last(where: { $0 != nil }) ?? nil) ?? VisibleData()
        if !told {
            // Nothing was said: the user expects what a run without the fault would show.
            if recovered.contains(finalState) { return .passed }
            if platform && recovered.sameFiles(as: finalState) { return .platformLoss }
            return .dataLoss
        }
        // The user was told: what they last saw, or at least what they had before the fault, must be there.
        if recovered == lastSeen || recovered == finalState { return .alerted }
        if acknowledgedStates(run, before: position).contains(where: recovered.contains) { return .alerted }
        if platform && (recovered.sameFiles(as: lastSeen) || recovered.sameFiles(as: finalState)) {
            return .platformLoss
        }
        return .dataLoss
    }

    /// The data as the user saw it before `position`, and, while the steps before it raised
    /// alerts (their changes were not acknowledged), as it was before those steps too.
    static func acknowledgedStates(_ record: ExplorationRecord, before position: Int) -> [VisibleData] {
        var states: [VisibleData] = []
        var index = position - 1
        while index >= 0 {
            if let seen = record.observations[index] { states.append(seen) }
            guard record.alertsRaised[index] else { break }
            index -= 1
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
        if run.lifecycleEvent != nil { return acknowledgedStates(run, through: position).first }
        if run.crashed { return acceptableStates(baseline: baseline, step: step).first }
        let told = run.alertsRaised[position...].contains(true) || run.recoveredAlert
        if told { return (run.observations.last(where: { $0 != nil }) ?? nil) ?? VisibleData() }
        return (baseline.observations.last(where: { $0 != nil }) ?? nil) ?? VisibleData()
    }
}
