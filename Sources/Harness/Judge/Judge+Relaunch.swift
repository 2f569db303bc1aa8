import Foundation
import Sandbox

/// A relaunch held to what the user was shown before the process ended (docs/oracles.md, "A relaunch shows what
/// the user acknowledged").
extension Judge {
    /// When a deferred launch's work has run (at `position`): the stores it showed none of, the relaunch, and what
    /// the user accepted before the work ran, which it must not take away.
    mutating func judgeDeferredWork(
        _ pending: DeferredLaunch, at position: Int, shown: VisibleData, container: some ContainerWitness
    ) {
        let since = record.entries[pending.position...]
        // The user was told if an alert came at any step since the launch.
        let told = since.contains(where: \.told)
        let fired = since.contains { !$0.fired.isEmpty }
        let seen = pending.endedAt.map(acknowledgedStates(before:)) ?? []
        let launch = record.entries[pending.position]
        for stored in pending.stored where !stored.isShown(in: shown, plugin: scenario.plugin) {
            unshown.append(
                UnshownStore(
                    data: stored, launch: launch.step.location, launchName: launchName(launch), told: told,
                    position: position, seen: seen, code: nil, now: launch.now, timeZone: launch.timeZone))
        }
        let (line, work) = (launch.step.location.line, record.entries[position].step.location.line)
        if let ended = pending.endedAt {
            judgeRelaunch(
                at: position, shown: shown, told: told, endedAt: ended, container: container,
                what: "relaunch at line \(line), its work run at line \(work)", faultFired: fired)
        }
        judgeRelaunch(
            at: position, shown: shown, told: told, endedAt: position, container: container,
            what: "work of the launch at line \(line), run at line \(work)", sameProcess: true, faultFired: fired)
    }

    /// Holds what a relaunch (the step at `position`) shows to what the user was shown before the process ended at
    /// `ended`; `what` names the relaunch. `sameProcess`: held instead to what this process showed before `ended`,
    /// which no crash ended and nothing owed by an earlier relaunch concerns. `stored`: what the stores held at the
    /// launch. `silentFaults`: the fault steps whose faults fired in the ended process with nobody told; the
    /// relaunch must then show at least what it shows with no such fault. `faultFired`: a fault fired in the
    /// relaunch (nil: in its step).
    mutating func judgeRelaunch(
        at position: Int, shown: VisibleData, told: Bool, endedAt ended: Int, container: some ContainerWitness,
        stored: [StoredData] = [], what: String? = nil, sameProcess: Bool = false, silentFaults: Set<Int> = [],
        faultFired: Bool? = nil
    ) {
        let lostFlush = !sameProcess && lostUnflushedDefaults(since: min(ended, owed?.endedAt ?? ended))
        // The store failing for good when the held states were shown, or now, is the platform's failure.
        let storeFailed = storeFailsForGood(at: ended) || storeFailsForGood(at: position)
        let platform = lostFlush || platformFaulted || storeFailed || userChangedWhatTheStoreHid
        var (expected, seenUntil) = (acknowledgedStates(before: ended), ended)
        var outcome = Judgement.judge(
            shown, allowed: expected, removed: removedEntries(), told: told, platform: platform)
        // What an earlier relaunch could not show, and told the user about, is owed still.
        if !sameProcess, let owed {
            var owing = Judgement.judge(
                shown, allowed: owed.states, removed: removedEntries(), told: told, platform: platform)
            // Unless the data was out of reach for good, and the app, having told the user, kept a copy of what it was
            // given and started anew.
            if owing == .dataLoss, owed.outOfReach, !owed.stored.isEmpty, owed.stored.allSatisfy(container.isKept) {
                owing = .passed
            }
            if owing.rank > outcome.rank { (outcome, expected, seenUntil) = (owing, owed.states, owed.endedAt) }
        }
        // Told nothing, the user expects what the app shows with no fault: worked out only when nothing fails yet.
        if outcome.rank < OutcomeClass.dataLoss.rank, !silentFaults.isEmpty, !told,
            let faultless = counterfactuals?.state(after: steps(without: silentFaults))
        {
            let judged = Judgement.judge(
                shown, allowed: [faultless], removed: removedEntries(), told: told, platform: platform)
            if judged.rank > outcome.rank { (outcome, expected, seenUntil) = (judged, [faultless], ended) }
        }
        // The interrupted action may show its new state, worked out only when its old one is not shown.
        if outcome == .dataLoss, !sameProcess, let interruption,
            let after = counterfactuals?.state(
                after: steps[...interruption.position], sparing: interruption.crash,
                then: steps[(interruption.position + 1)...])
        {
            let judged = Judgement.judge(
                shown, allowed: [after], removed: removedEntries(), told: told, platform: platform)
            if judged.rank < outcome.rank { outcome = judged }
            // A later relaunch may show it too.
            expected.append(after)
        }
        // More than the user had is no loss when it is data of theirs; an entry from nowhere is.
        if outcome == .passed,
            let beyond = Judgement.judgeBeyond(
                shown, allowed: expected, seen: record.entries[..<position].compactMap(\.shown), platform: platform,
                elsewhere: { counterfactuals?.statesWithoutFaults(upTo: steps) })
        {
            outcome = beyond
        }
        // A fault kept the data out of reach and the app said so: a later relaunch owes it.
        if sameProcess {
            if outcome == .dataLoss && told { outcome = .alerted }
        } else if outcome == .dataLoss && told && (faultFired ?? !record.entries[position].fired.isEmpty) {
            let unreadable = Set(record.entries[position].unreadableStores)
            let outOfReach = dataOutOfReach(at: position) || stored.allSatisfy { unreadable.contains($0.store.name) }
            owed = (expected, seenUntil, stored, outOfReach)
            outcome = .alerted
        } else if outcome != .dataLoss {
            owed = nil
        }
        self.outcome = self.outcome.worse(outcome)
        guard isNews(outcome, at: position) else { return }
        let entry = record.entries[position]
        let loss = Loss(
            shown: shown, expected: expected[0], removed: removedEntries(), plugin: scenario.plugin,
            calendar: DayNames.calendar(timeZone: entry.timeZone.identifier))
        let line = loss.namesAcknowledgement ? acknowledgingLine(of: loss.probe, before: seenUntil) : nil
        let acknowledged = line.map { " acknowledged at line \($0)" } ?? ""
        let blame = outcome == .platformLoss ? platformBlame(lostFlush: lostFlush) : ""
        let relaunch = what ?? relaunchName(entry)
        finding = Finding(
            outcome: outcome, location: entry.step.location,
            message: "\(relaunch): \(loss.what)\(acknowledged) \(loss.how)\(blame)", position: position,
            operationsTail: container.operationsTail, expected: expected[0])
    }

    /// `relaunch at line 12`, or, for the relaunch the explorer adds after its fault, `relaunch after the fault`.
    func relaunchName(_ entry: RunRecord.Entry) -> String {
        entry.index == nil ? "relaunch after the fault" : "relaunch at line \(entry.step.location.line)"
    }

    /// `launch at line 5`, or `relaunch after the fault`.
    func launchName(_ entry: RunRecord.Entry) -> String {
        entry.index == nil ? "relaunch after the fault" : "launch at line \(entry.step.location.line)"
    }

    /// What a platformLoss message says the platform did.
    func platformBlame(lostFlush: Bool) -> String {
        if lostFlush { return "; the platform lost key-value changes it had not flushed" }
        if platformFaulted { return "; a fault hit the key-value store's own file" }
        return "; the key-value store answered nothing or the wrong type for good"
    }

    /// The line of the step after which the user first saw `probe`, and kept seeing it until `end`.
    private func acknowledgingLine(of probe: VisibleData, before end: Int) -> Int? {
        var first: Int?
        for position in stride(from: end - 1, through: 0, by: -1) {
            guard let seen = record.entries[position].shown else { continue }
            guard seen.contains(probe) else { break }
            first = position
        }
        return first.map { record.entries[$0].step.location.line }
    }
}
