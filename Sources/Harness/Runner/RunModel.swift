import Foundation
import Sandbox

/// What the user saw and the app acknowledged, kept in every run (scripted, explored, fault-free):
/// each relaunch is held to it by the oracles' judgement, and stored data the app does not show is
/// followed to the end of the run (docs/explorer.md, "oracles").
struct RunModel {
    let scenario: Scenario
    /// What each step run left on screen: the record the explorer's oracle judges too.
    var record = ExplorationRecord()
    /// The run's verdict so far, and the first judgement of its class when that is worse than `alerted`.
    private(set) var verdict: OutcomeClass = .passed
    private(set) var finding: Finding?
    /// Where the process last ended (a record position); nil while it runs or before a first launch.
    private var endedAt: Int?
    /// The process ended inside a user action: that step's index and the crash's number (as `crashes` counts).
    private var interruption: (step: Int, crash: Int)?
    /// What the interrupted action would have shown had it finished, from a run otherwise the same that spares
    /// the crash; nil: not known (the relaunch is then held to the action's old state).
    var stateAfterInterruption: ((_ step: Int, _ crash: Int) -> VisibleData?)?
    /// False once the scenario changed the container while the app was not running: the next launch starts afresh.
    private var holding = true
    /// Acknowledged states a relaunch that told the user could not show, and where the process that showed
    /// them ended: a later relaunch still owes them.
    private var owed: (states: [VisibleData], endedAt: Int)?
    /// Where, in the running process, a fault the scenario armed fired with no alert then or since (nil: none).
    private var silentFault: Int?
    /// The running process has raised an alert: a fault firing after that is not one the user knows nothing of.
    private var processTold = false
    /// What the scenario shows after step `index` with none of its faults that leave the app running armed: what a
    /// user who was told nothing expects. nil: not known.
    var stateWithoutErrorFaults: ((_ index: Int) -> VisibleData?)?
    /// What the code launched now shows in an empty container: a launch that shows just that shows none of the
    /// data it was given (a first-launch list made over a file it could not read). nil: not known.
    var emptyContainerState: ((InstalledCode) -> VisibleData?)?
    /// Where else data a relaunch after step `index` may show comes from (`ScenarioRunner.statesWithoutFaults`):
    /// asked for only when a relaunch shows an entry no state of the run had. nil: not known.
    var statesWithoutFaults: ((_ index: Int) -> [VisibleData])?
    /// `emptyContainerState` of each code launched so far, by its label: worked out once a run.
    private var emptyStates: [String: VisibleData?] = [:]
    /// A launch whose work waits (`launch deferred`), with what it is held to: judged when that work runs.
    private var deferredLaunch: (launch: Step, endedAt: Int?, stored: [StoredData])?
    /// Stores that held data at a launch that showed none of it, with that launch, whether it told the user, its
    /// place in the record, and what the user had last seen of the data (nil: the data is not theirs to have seen).
    private var unshown: [(data: StoredData, launch: ScenarioLocation, told: Bool, position: Int, seen: VisibleData?)] =
        []
    private var beforeLaunch: [StoredData] = []
    /// The last data the app showed (the record's last observation that is not nil).
    private var lastShown: VisibleData?
    private var alertsSoFar = (process: 0, count: 0)
    private var faultsFiredBefore = 0
    /// A fault or crash has hit the key-value store's own file so far (see `Oracle.platformFaulted`).
    private var platformFaulted = false

    /// A judgement worse than `alerted`: where it was found, what was lost, and the last operations then.
    struct Finding {
        var outcome: OutcomeClass
        var location: ScenarioLocation
        var message: String
        var operationsTail: [String]
    }

    /// Each step's index in the scenario, by its line.
    private let stepIndexes: [Int: Int]
    /// How the plug-in's observations are judged, for each step's.
    private let judging: VisibleData.Plan

    init(scenario: Scenario) {
        self.scenario = scenario
        judging = VisibleData.Plan(scenario.plugin)
        stepIndexes = Dictionary(
            scenario.steps.indices.map { (scenario.steps[$0].location.line, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Before `step`: what the stores hold for a launch to be held to; a change of the container by the
    /// scenario while the app is not running ends what the model expects (a fault armed does not).
    mutating func willRun(_ step: Step, world: SimulatedWorld, container: any ContainerAccess) {
        faultsFiredBefore = world.firedCounts.reduce(0, +)
        if step.command.launchesTheApp {
            beforeLaunch = StoredData.holdingData(scenario.plugin, world: world, container: container)
            return
        }
        switch step.command {
        case .putFile, .removeFile, .setDefault, .removeDefault:
            guard !world.isRunning else { return }
            settleUnshown(world: world, container: container)
            holding = false
            owed = nil
        default:
            return
        }
    }

    /// The step installed another variant, whose observations may have another shape: its launch is held to
    /// nothing the old variant showed (the scenario's own checks say what must carry over).
    mutating func variantInstalled() {
        holding = false
        owed = nil
    }

    /// The user's data in `observation`, judged as the plug-in says; the last data shown itself when equal.
    func visibleData(_ observation: Observation) -> VisibleData {
        VisibleData(observation, plan: judging).sharingStorage(with: lastShown)
    }

    /// After `step`, which began at operation `start`: records what the app shows and judges a relaunch.
    /// `launched`: the code the step launched, if it launched any.
    mutating func didRun(
        _ step: Step, start: Int, seen: Observation?, world: SimulatedWorld, launched: InstalledCode? = nil
    ) {
        let wasRunning = record.observations.last.map { $0 != nil } ?? false
        let shown = seen.map(visibleData)
        lastShown = shown ?? lastShown
        // Kept as the run goes: looking through the whole log at each relaunch made long runs quadratic.
        if !platformFaulted { platformFaulted = Oracle.platformFaulted(world.operations[start...]) }
        record.stepIndexes.append(stepIndexes[step.location.line] ?? 0)
        record.stepStarts.append(start)
        record.observations.append(shown)
        let process = world.launches
        let count = seen?.alertCount ?? 0
        let told = count > (alertsSoFar.process == process ? alertsSoFar.count : 0)
        record.alertsRaised.append(told)
        alertsSoFar = (process, count)
        let position = record.observations.count - 1
        if told { verdict = verdict.worse(.alerted) }
        // A fault that fired with no word to the user, in the process that ran until now (a relaunch is held to it).
        let silentBefore = silentFault != nil
        let fired = world.firedCounts.reduce(0, +) > faultsFiredBefore
        if step.command.launchesTheApp && shown != nil {
            (silentFault, processTold) = (fired && !told ? position : nil, told)
        } else if told {
            (silentFault, processTold) = (nil, true)
        } else if shown != nil, fired, silentFault == nil, !processTold {
            silentFault = position
        }
        // What an acknowledged action took off the screen was removed by the user: it must stay removed.
        if case .action = step.command, wasRunning, !told, shown != nil { record.acknowledgedActions.append(position) }
        // iOS may write these changes before a kill: the explorer tries that after this step.
        if shown != nil, world.defaultsFlushPolicy == .onBackground, world.hasUnflushedDefaults {
            record.unflushedDefaultsAfter.append(position)
        }
        if wasRunning && shown == nil && endedAt == nil {
            // The launch's work died with its process: the next launch owes what it was held to.
            if let ended = deferredLaunch?.endedAt { owed = (Oracle.acknowledgedStates(record, before: ended), ended) }
            deferredLaunch = nil
            endedAt = position
            let crashes = world.crashes.count
            if case .action = step.command, crashes > 0 {
                interruption = (record.stepIndexes[position], crashes)
            } else {
                interruption = nil
            }
        }
        // An upgrade ends the running process itself, then launches the new code.
        if case .upgrade = step.command, wasRunning, endedAt == nil {
            endedAt = position
            interruption = nil
        }
        if let pending = deferredLaunch, let shown, step.command == .settle || step.command == .background {
            deferredLaunch = nil
            judgeDeferredWork(pending, at: step, position: position, shown: shown, told: told, world: world)
        }
        guard step.command.launchesTheApp, let shown else { return }
        // Its load has not run yet: judged when it runs, also for what the user accepts meanwhile.
        if step.command.defersLaunchWork {
            deferredLaunch = (step, holding ? endedAt : nil, beforeLaunch)
            beforeLaunch = []
            endedAt = nil
            holding = true
            return
        }
        let seen = holding && !beforeLaunch.isEmpty ? endedAt.flatMap(lastAcknowledged(before:)) : nil
        // Data the user never saw here is shown only if the launch shows more than an empty container's launch.
        var showsOnlyAnEmptyLaunch: Bool?
        for stored in beforeLaunch {
            if stored.isShown(in: shown, plugin: scenario.plugin) {
                guard seen == nil, let launched else { continue }
                if showsOnlyAnEmptyLaunch == nil { showsOnlyAnEmptyLaunch = emptyState(of: launched) == shown }
                guard showsOnlyAnEmptyLaunch == true else { continue }
            }
            unshown.append((stored, step.location, told, position, seen))
        }
        beforeLaunch = []
        if let ended = endedAt, holding {
            judgeRelaunch(step, shown: shown, told: told, endedAt: ended, world: world, silentFault: silentBefore)
        }
        endedAt = nil
        holding = true
    }

    /// When a deferred launch's work has run (`step`): the stores it showed none of, the relaunch, and what the
    /// user accepted before the work ran, which it must not take away.
    private mutating func judgeDeferredWork(
        _ pending: (launch: Step, endedAt: Int?, stored: [StoredData]), at step: Step, position: Int,
        shown: VisibleData, told: Bool, world: SimulatedWorld
    ) {
        let seen = pending.endedAt.flatMap(lastAcknowledged(before:))
        for stored in pending.stored where !stored.isShown(in: shown, plugin: scenario.plugin) {
            unshown.append((stored, pending.launch.location, told, position, seen))
        }
        let (launch, work) = (pending.launch.location.line, step.location.line)
        if let ended = pending.endedAt {
            let what = "relaunch at line \(launch), its work run at line \(work)"
            judgeRelaunch(step, shown: shown, told: told, endedAt: ended, world: world, what: what)
        }
        let what = "work of the launch at line \(launch), run at line \(work)"
        judgeRelaunch(step, shown: shown, told: told, endedAt: position, world: world, what: what, sameProcess: true)
    }

    /// What the user last had acknowledged before the process ended at `ended`.
    private func lastAcknowledged(before ended: Int) -> VisibleData? {
        Oracle.acknowledgedStates(record, before: ended).first
    }

    /// What `code` shows in an empty container, asked for once a run.
    private mutating func emptyState(of code: InstalledCode) -> VisibleData? {
        if let known = emptyStates[code.label] { return known }
        let state = emptyContainerState?(code) ?? nil
        emptyStates[code.label] = state
        return state
    }

    /// Holds what a relaunch shows to what the user was shown before the process ended at `ended`; `what` names
    /// the relaunch. `sameProcess`: held instead to what this process showed before `ended`, which no crash ended
    /// and nothing owed by an earlier relaunch concerns.
    /// `silentFault`: a fault the scenario armed fired in the ended process and nobody was told; the relaunch must
    /// then show at least what it shows with no such fault.
    private mutating func judgeRelaunch(
        _ step: Step, shown: VisibleData, told: Bool, endedAt ended: Int, world: SimulatedWorld,
        what: String? = nil, sameProcess: Bool = false, silentFault: Bool = false
    ) {
        let platform = (!sameProcess && world.crashes.last?.platformLostDefaults == true) || platformFaulted
        var (expected, seenUntil) = (Oracle.acknowledgedStates(record, before: ended), ended)
        var outcome = Oracle.judge(
            shown, allowed: expected, removed: record.removedEntries(), told: told, platform: platform)
        // What an earlier relaunch could not show, and told the user about, is owed still.
        if !sameProcess, let owed {
            let owing = Oracle.judge(
                shown, allowed: owed.states, removed: record.removedEntries(), told: told, platform: platform)
            if owing.rank > outcome.rank { (outcome, expected, seenUntil) = (owing, owed.states, owed.endedAt) }
        }
        // Told nothing, the user expects what the app shows with no fault: worked out only when nothing fails yet.
        if outcome.rank < OutcomeClass.dataLoss.rank, silentFault, !told,
            let faultless = stateWithoutErrorFaults?(stepJustRun)
        {
            let judged = Oracle.judge(
                shown, allowed: [faultless], removed: record.removedEntries(), told: told, platform: platform)
            if judged.rank > outcome.rank { (outcome, expected, seenUntil) = (judged, [faultless], ended) }
        }
        // The interrupted action may show its new state, worked out only when its old one is not shown.
        if outcome == .dataLoss, !sameProcess, let interruption,
            let after = stateAfterInterruption?(interruption.step, interruption.crash)
        {
            let judged = Oracle.judge(
                shown, allowed: [after], removed: record.removedEntries(), told: told, platform: platform)
            if judged.rank < outcome.rank { outcome = judged }
        }
        // More than the user had is no loss when it is data of theirs; an entry from nowhere is.
        if outcome == .passed,
            let beyond = Oracle.judgeBeyond(
                shown, allowed: expected, seen: record.observations.dropLast().compactMap { $0 }, platform: platform,
                elsewhere: { statesWithoutFaults?(stepJustRun) })
        {
            outcome = beyond
        }
        // A fault the scenario armed kept the data out of reach and the app said so: a later relaunch owes it.
        if sameProcess {
            if outcome == .dataLoss && told { outcome = .alerted }
        } else if outcome == .dataLoss && told && world.firedCounts.reduce(0, +) > faultsFiredBefore {
            owed = (expected, seenUntil)
            outcome = .alerted
        } else if outcome != .dataLoss {
            owed = nil
        }
        verdict = verdict.worse(outcome)
        guard isNews(outcome) else { return }
        let calendar = DayNames.calendar(timeZone: world.timeZone.identifier)
        let loss = Loss(
            shown: shown, expected: expected[0], removed: record.removedEntries(), plugin: scenario.plugin,
            calendar: calendar)
        let line = loss.namesAcknowledgement ? acknowledgingLine(of: loss.probe, before: seenUntil) : nil
        let acknowledged = line.map { " acknowledged at line \($0)" } ?? ""
        let unflushed = !sameProcess && world.crashes.last?.platformLostDefaults == true
        let blame =
            outcome != .platformLoss
            ? ""
            : unflushed
                ? "; the platform lost key-value changes it had not flushed"
                : Self.ownFileHit
        let relaunch = what ?? "relaunch at line \(step.location.line)"
        let message = "\(relaunch): \(loss.what)\(acknowledged) \(loss.how)\(blame)"
        finding = Finding(
            outcome: outcome, location: step.location, message: message,
            operationsTail: world.operations.suffix(8).map(\.line))
    }

    /// Whether an observation from `position` on shows all that `stored` holds: what the user had `seen` of it, or,
    /// when they had seen nothing of it, what the same steps show of it with none of the scenario's error faults.
    /// Bytes no app can read show nothing there, and nothing excuses their loss.
    private func isShownLater(_ stored: StoredData, from position: Int, seen: VisibleData?) -> Bool {
        let plugin = scenario.plugin
        let reference =
            seen.flatMap { stored.isShown(in: $0, plugin: plugin) ? $0 : nil }
            ?? stateWithoutErrorFaults?(record.stepIndexes[position])
        guard let reference, stored.isShown(in: reference, plugin: plugin) else { return false }
        return record.observations[position...].contains { later in
            later.map { stored.isShown(reference, in: $0, plugin: plugin) } ?? false
        }
    }

    /// The scenario index of the step the record saw last: the one being judged.
    private var stepJustRun: Int { record.stepIndexes.last ?? 0 }

    /// How a platformLoss message blames a fault on the key-value store's own file.
    private static let ownFileHit = "; a fault hit the key-value store's own file"

    /// Whether a judgement of `outcome` is the run's finding: the first of the most severe class past `alerted`.
    private func isNews(_ outcome: OutcomeClass) -> Bool {
        outcome.rank > OutcomeClass.alerted.rank && outcome.rank > (finding?.outcome.rank ?? 0)
    }

    /// The line of the step after which the user first saw `probe`, and kept seeing it until `end`.
    private func acknowledgingLine(of probe: VisibleData, before end: Int) -> Int? {
        var first: Int?
        for position in stride(from: end - 1, through: 0, by: -1) {
            guard let seen = record.observations[position] else { continue }
            guard seen.contains(probe) else { break }
            first = position
        }
        return first.map { scenario.steps[record.stepIndexes[$0]].location.line }
    }

    /// The model with stores the app did not show judged now (their data kept somewhere, or not): the verdict so far.
    func settled(world: SimulatedWorld, container: any ContainerAccess) -> RunModel {
        var model = self
        model.settleUnshown(world: world, container: container)
        return model
    }

    /// At the end of the run, or before the scenario changes the container: each store the app did not
    /// show is a silent overwrite when its data is nowhere now, else a loss the user was not told of. Telling the
    /// user excuses not showing the data, not losing it: unless a later look shows all of it (merged, it is bytes no
    /// longer), a store a told launch did not show whose data is nowhere now is overwritten too.
    mutating func settleUnshown(world: SimulatedWorld, container: any ContainerAccess) {
        for (stored, launch, told, position, seen) in unshown {
            let kept = stored.isKept(world: world, container: container)
            if told, kept || isShownLater(stored, from: position, seen: seen) { continue }
            var outcome: OutcomeClass = kept ? .dataLoss : .silentOverwrite
            // A key-value store whose own file a fault hit gave the app nothing to show: the platform lost it.
            if platformFaulted, case .defaults = stored.store.location { outcome = .platformLoss }
            verdict = verdict.worse(outcome)
            guard isNews(outcome) else { continue }
            let alert = told ? "an alert was raised, but" : "no alert was raised;"
            let blame = outcome == .platformLoss ? Self.ownFileHit : ""
            let message =
                "launch at line \(launch.line): @\(stored.store.name) holds data the app does not show, and "
                + (kept ? "no alert was raised" : "\(alert) its data is nowhere in the container now") + blame
            finding = Finding(
                outcome: outcome, location: launch, message: message,
                operationsTail: world.operations.suffix(8).map(\.line))
        }
        unshown = []
    }
}
