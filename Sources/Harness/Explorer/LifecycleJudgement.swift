extension Oracle {
    /// A run the explorer ended after step `position` interrupted nothing: every change acknowledged up to
    /// and including that step must be shown after the relaunch, with no old-or-new allowance.
    static func afterLifecycleEvent(
        _ run: ExplorationRecord, at position: Int, _ recovered: VisibleData, told: Bool, platform: Bool
    ) -> OutcomeClass {
        judge(recovered, allowed: acknowledgedStates(run, through: position), told: told, platform: platform)
    }

    /// The data as the user saw it after the last step up to `position` that changed it without an alert,
    /// and after each changing step since (whose alerts said their changes were not saved). A step that
    /// changed nothing (`faults clear`) acknowledges nothing: a change an alert refused stays unsaved.
    static func acknowledgedStates(_ record: ExplorationRecord, through position: Int) -> [VisibleData] {
        var states: [VisibleData] = []
        var index = position
        while index >= 0 {
            let seen = record.observations[index]
            if index == 0 || seen != record.observations[index - 1] {
                if let seen { states.append(seen) }
                if !record.alertsRaised[index] { break }
            }
            index -= 1
        }
        if index < 0 || states.isEmpty { states.append(VisibleData()) }
        return states
    }
}
