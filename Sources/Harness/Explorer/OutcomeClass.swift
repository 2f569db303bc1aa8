/// The oracles' verdict on one explored run.
public enum OutcomeClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every acknowledged change survived; nothing to tell the user.
    case passed
    /// Something failed and the user was told (an alert), and nothing acknowledged was lost.
    case alerted
    /// An acknowledged change is missing after the relaunch.
    case dataLoss
    /// A file the app could not read was replaced, and its bytes are nowhere in the container.
    case silentOverwrite
    /// The app trapped by itself (index out of range, fatalError, force unwrap).
    case trap
    /// Key-value changes the platform had not flushed died with the process.
    case platformLoss

    /// Classes that are failures of the app under test.
    public var isFailure: Bool { self == .dataLoss || self == .silentOverwrite || self == .trap }
}

/// Judges an exploring run against the fault-free run of the same scenario
/// ("What counts as losing data" in SUBJECTS.md).
enum Oracle {
    static func classify(baseline: ExplorationRecord, run: ExplorationRecord) -> OutcomeClass {
        guard let step = run.firedAtStep else { return .passed }
        if !run.overwritten.isEmpty && !run.platformFault { return .silentOverwrite }
        // The relaunch did not come up: whatever the user had is out of reach.
        guard let recovered = run.recovered else { return .dataLoss }
        let firstAlert = firstAlertPosition(run)
        let told = firstAlert != nil || run.recoveredAlert
        if run.crashed {
            let allowed = acceptableStates(baseline: baseline, step: step)
            if allowed.contains(recovered) { return told ? .alerted : .passed }
            if allowed.contains(where: { $0.sameFiles(as: recovered) }) && (run.lostUnflushedDefaults || run.platformFault) {
                return .platformLoss
            }
            return .dataLoss
        }
        if let firstAlert {
            // What the user saw before being told must all still be there.
            let acknowledged = run.observations[..<firstAlert].last(where: { $0 != nil }) ?? nil
            return acknowledged.map(recovered.contains) ?? true ? .alerted : .dataLoss
        }
        let expected = (baseline.observations.last(where: { $0 != nil }) ?? nil) ?? VisibleData()
        if recovered == expected { return told ? .alerted : .passed }
        if expected.sameFiles(as: recovered) && (run.lostUnflushedDefaults || run.platformFault) { return .platformLoss }
        if run.recoveredAlert && recovered.contains(expected) { return .alerted }
        return .dataLoss
    }

    /// The position (among the steps run) of the first alert shown from the faulted step on.
    static func firstAlertPosition(_ run: ExplorationRecord) -> Int? {
        guard let step = run.firedAtStep, let start = run.stepIndexes.firstIndex(of: step) else { return nil }
        return run.alertsShown[start...].firstIndex(of: true)
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
           let next = baseline.observations[(position + 1)...].first(where: { $0 != nil }) ?? nil {
            states.append(next)
        }
        if states.isEmpty { states.append(VisibleData()) }
        return states
    }
}

extension Oracle {
    /// The data a reproduction expects after its relaunch: what the oracle held the run to.
    static func expectedState(baseline: ExplorationRecord, run: ExplorationRecord) -> VisibleData? {
        guard let step = run.firedAtStep else { return nil }
        if run.crashed { return acceptableStates(baseline: baseline, step: step).first }
        if let firstAlert = firstAlertPosition(run) {
            return run.observations[..<firstAlert].last(where: { $0 != nil }) ?? nil
        }
        return (baseline.observations.last(where: { $0 != nil }) ?? nil) ?? VisibleData()
    }
}
