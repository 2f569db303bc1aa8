import Foundation
import Sandbox

/// The user's stored data a launch did not show, followed until the run ends or the scenario changes the container
/// (docs/oracles.md, "A store a launch does not show").
extension Judge {
    /// At the launch at `position`: each store that held data the launch shows none of, or data the user never saw
    /// while the launch shows no more than the same code shows in an empty container, is followed.
    mutating func followUnshownStores(at position: Int, shown: VisibleData) {
        let launch = record.entries[position]
        let seen = holding && !launch.storedBefore.isEmpty ? endedAt.map(acknowledgedStates(before:)) ?? [] : []
        var firstLaunch: EmptyLaunch?
        for stored in launch.storedBefore {
            if stored.isShown(in: shown, plugin: scenario.plugin) {
                guard seen.isEmpty, let code = launch.launched else { continue }
                let empty = firstLaunch ?? emptyLaunch(of: code, at: launch)
                firstLaunch = empty
                // What the code's first launch writes in an empty container is no data of the user's.
                guard empty.shown == shown, !empty.stored.contains(stored) else { continue }
            }
            unshown.append(
                UnshownStore(
                    data: stored, launch: launch.step.location, launchName: launchName(launch), told: launch.told,
                    position: position, seen: seen, code: launch.launched, now: launch.now, timeZone: launch.timeZone))
        }
    }

    /// What `code` shows launched in an empty container at the time of `entry` (nothing, when not known).
    func emptyLaunch(of code: InstalledCode, at entry: RunRecord.Entry) -> EmptyLaunch {
        counterfactuals?.emptyLaunch(of: code, at: entry.now, in: entry.timeZone) ?? EmptyLaunch(shown: nil, stored: [])
    }

    /// Each store a launch did not show is a silent overwrite when its data is nowhere now, else a loss the user was
    /// not told of. Telling the user excuses not showing the data, not losing it: unless a later look shows all of it
    /// (merged, it is bytes no longer), a store a told launch did not show whose data is nowhere now is overwritten
    /// too. Untold, it is no loss while it is kept and a later launch shows it again, more than a first launch shows
    /// (a passing fault hid it once, and the user changed nothing over it).
    mutating func settleUnshownStores(_ container: some ContainerWitness) {
        for store in unshown {
            let kept = container.isKept(store.data)
            if store.told, kept || isShownLater(store) { continue }
            if !store.told, kept, let code = store.code {
                let firstLaunch = counterfactuals?.emptyLaunch(of: code, at: store.now, in: store.timeZone).shown
                if isShownLater(store, beyond: firstLaunch) { continue }
            }
            var outcome: OutcomeClass = kept ? .dataLoss : .silentOverwrite
            // A key-value store the platform failed gave the app nothing to show: the platform lost what it still holds,
            // or what the app saved over it once the user changed the data.
            if case .defaults(let key) = store.data.store.location,
                platformFaulted
                    || storeFailsForGood(at: store.position, key: key) && (kept || userChangedWhatTheStoreHid)
            {
                outcome = .platformLoss
            }
            self.outcome = self.outcome.worse(outcome)
            guard isNews(outcome, at: store.position) else { continue }
            let alert = store.told ? "an alert was raised, but" : "no alert was raised;"
            let blame = outcome == .platformLoss ? platformBlame(lostFlush: false) : ""
            let message =
                "\(store.launchName): @\(store.data.store.name) holds data the app does not show, and "
                + (kept ? "no alert was raised" : "\(alert) its data is nowhere in the container now") + blame
            finding = Finding(
                outcome: outcome, location: store.launch, message: message, position: store.position,
                operationsTail: container.operationsTail)
        }
        unshown = []
    }

    /// Whether a look from the store's launch on shows all that it holds: one of the states the user may have had
    /// acknowledged, or, when they had seen nothing of it, what the same steps show of it with none of the error
    /// faults. Bytes no app can read show nothing there, and nothing excuses their loss. A state equal to
    /// `firstLaunch` shows nothing of the user's.
    private func isShownLater(_ store: UnshownStore, beyond firstLaunch: VisibleData? = nil) -> Bool {
        let plugin = scenario.plugin
        let shows = { (state: VisibleData) in store.data.isShown(in: state, plugin: plugin) && state != firstLaunch }
        var references = store.seen.filter(shows)
        if references.isEmpty,
            let faultless = counterfactuals?.state(after: stepsWithoutErrorFaults(through: store.position))
        {
            references = [faultless].filter(shows)
        }
        return references.contains { reference in
            record.entries[store.position...].contains { later in
                later.shown.map { store.data.isShown(reference, in: $0, plugin: plugin) } ?? false
            }
        }
    }

    /// At the end of the run: the stores the app did not show; each file a read fault hid from the app whose bytes,
    /// and what the app was given instead, are in no file now (written over unread); and a loss that a corrupted read
    /// no app could tell from a good one caused is the storage's.
    mutating func finish(_ container: some ContainerWitness) {
        settleUnshownStores(container)
        let overwritten = container.filesWrittenOverUnread
        if !overwritten.isEmpty, !platformFaulted, !userChangedWhatTheStoreHid {
            outcome = outcome.worse(.silentOverwrite)
            let position = record.entries.count - 1
            if isNews(.silentOverwrite, at: position), let last = record.entries.last {
                finding = Finding(
                    outcome: .silentOverwrite, location: last.step.location,
                    message: overwritten.joined(separator: ", ")
                        + ": a read fault hid it from the app, and its bytes are nowhere in the container now",
                    position: position,
                    operationsTail: container.operationsTail, overwritten: overwritten)
            }
        }
        if outcome == .dataLoss || outcome == .silentOverwrite, container.undetectablyCorrupted {
            outcome = .platformLoss
            finding?.outcome = .platformLoss
            finding?.message += "; a corrupted read gave the app bytes no app can tell from good ones"
        }
    }
}
