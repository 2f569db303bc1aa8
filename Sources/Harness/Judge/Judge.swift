import Foundation
import Sandbox

/// The one judgement every run gets, scripted, explored or fault-free (docs/oracles.md). It takes a run's record step
/// by step: each relaunch is held to what the user was shown and acknowledged before it, and each store the app did
/// not show is followed to the end of the run. `run`, `explore`, the reproducer and `--record` all read its verdict.
struct Judge {
    let scenario: Scenario
    /// The runs beside this one the judgement may ask for; nil: none, and nothing is excused by them.
    let counterfactuals: (any Counterfactuals)?
    /// Every step taken so far.
    var record = RunRecord()
    /// The run's class so far, and the judgement of its class found earliest in the run when that is worse than
    /// `alerted`.
    var outcome: OutcomeClass = .passed
    var finding: Finding?

    /// A judgement worse than `alerted`: where it was found, what was lost, and the last operations then.
    struct Finding {
        var outcome: OutcomeClass
        var location: ScenarioLocation
        var message: String
        /// The record position of the step it was found at (a store's launch, a relaunch).
        var position: Int
        var operationsTail: [String]
        /// What the relaunch was held to, for a reproduction's `expect` lines (nil: no relaunch was judged).
        var expected: VisibleData? = nil
        /// Files written over that a read fault had hidden from the app.
        var overwritten: [String] = []
    }

    /// Where the process last ended (a record position); nil while it runs or before a first launch.
    var endedAt: Int?
    /// The process ended inside a user action: that step's position and the crash's number.
    var interruption: (position: Int, crash: Int)?
    /// False once the scenario changed the container while the app was not running: the next launch starts afresh.
    var holding = true
    /// What a relaunch that told the user could not show, where the process that showed it ended, and what the
    /// stores held then: a later relaunch still owes it, unless a fault had put the data out of reach for good.
    var owed: (states: [VisibleData], endedAt: Int, stored: [StoredData], outOfReach: Bool)?
    /// The fault steps whose faults fired in the running process with no alert then or since.
    var silentFaults: Set<Int> = []
    /// The running process has raised an alert: a fault firing after that is not one the user knows nothing of.
    var processTold = false
    /// The positions of steps in which a crash lost key-value changes the platform had not flushed.
    var defaultsLostAt: [Int] = []
    /// A fault or crash has hit the key-value store's own file so far.
    var platformFaulted = false
    /// The faults armed for good so far (see `FaultForGood`).
    var faultsForGood: [FaultForGood] = []
    /// What the app saved over what a store answering wrongly for good could not show is the platform's loss once
    /// the user changed the data since it first did (a save the user never asked for is the app's own doing).
    var userChangedWhatTheStoreHid = false
    /// The positions of the user's actions the app acknowledged while running throughout: what each took off the
    /// screen, the user removed.
    var acknowledgedActions: [Int] = []
    /// A launch whose work waits (`launch deferred`): judged when that work runs.
    var deferredLaunch: DeferredLaunch?
    /// Stores that held data at a launch that showed none of it: judged when the run ends or the scenario changes
    /// the container.
    var unshown: [UnshownStore] = []

    /// A launch whose work waits, with what it is held to and where it ran.
    struct DeferredLaunch {
        var position: Int
        var endedAt: Int?
        var stored: [StoredData]
    }

    /// A store that held data at a launch that showed none of it.
    struct UnshownStore {
        var data: StoredData
        /// The launch, as a message names it (`launch at line 5`), and whether it (or its deferred work) told the user.
        var launch: ScenarioLocation
        var launchName: String
        var told: Bool
        /// Where the judgement of it stands in the record.
        var position: Int
        /// The states the user may have had acknowledged last (none: the data is not theirs to have seen).
        var seen: [VisibleData]
        /// The code that launch ran and when: its first launch in an empty container shows no data of the user's.
        var code: InstalledCode?
        var now: Date
        var timeZone: TimeZone
    }

    init(scenario: Scenario, counterfactuals: (any Counterfactuals)?) {
        self.scenario = scenario
        self.counterfactuals = counterfactuals
    }

    /// Takes one more step of the record; `container` answers for the container as the step left it.
    mutating func take(_ entry: RunRecord.Entry, container: some ContainerWitness) {
        let wasRunning = record.entries.last?.shown != nil
        record.entries.append(entry)
        let position = record.entries.count - 1
        let (step, shown, told) = (entry.step, entry.shown, entry.told)
        if told { outcome = outcome.worse(.alerted) }
        platformFaulted = platformFaulted || entry.platformFaulted
        noteFaults(of: entry, at: position)
        if entry.lostUnflushedDefaults { defaultsLostAt.append(position) }
        // Faults that fired with no word to the user, in the process that ran until now (a relaunch is held to them).
        let silentBefore = silentFaults
        if step.command.launchesTheApp && shown != nil {
            (silentFaults, processTold) = (told ? [] : entry.fired, told)
        } else if told {
            (silentFaults, processTold) = ([], true)
        } else if shown != nil, !processTold {
            silentFaults.formUnion(entry.fired)
        }
        // What an acknowledged action took off the screen was removed by the user: it must stay removed.
        if case .action = step.command, wasRunning, !told, shown != nil { acknowledgedActions.append(position) }
        if case .ended(let crash) = entry.process, endedAt == nil {
            // The launch's work died with its process: the next launch owes what it was held to.
            if let ended = deferredLaunch?.endedAt { owed = (acknowledgedStates(before: ended), ended, [], false) }
            deferredLaunch = nil
            endedAt = position
            if case .action = step.command, let crash {
                interruption = (position, crash)
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
            judgeDeferredWork(pending, at: position, shown: shown, container: container)
        }
        guard step.command.launchesTheApp, let shown else { return }
        // Its load has not run yet: judged when it runs, also for what the user accepts meanwhile.
        if step.command.defersLaunchWork {
            deferredLaunch = DeferredLaunch(
                position: position, endedAt: holding ? endedAt : nil, stored: entry.storedBefore)
            (endedAt, holding) = (nil, true)
            return
        }
        followUnshownStores(at: position, shown: shown)
        if let ended = endedAt, holding {
            judgeRelaunch(
                at: position, shown: shown, told: told, endedAt: ended, container: container,
                stored: entry.storedBefore, silentFaults: silentBefore)
        }
        (endedAt, holding) = (nil, true)
    }

    /// Before the scenario changes the container while the app is not running: the stores the app did not show are
    /// judged, and the next launch starts afresh (held to nothing the user saw before).
    mutating func containerWillChange(_ container: some ContainerWitness) {
        settleUnshownStores(container)
        holding = false
        owed = nil
    }

    /// The step installed another variant, whose observations may have another shape: its launch is held to
    /// nothing the old variant showed (the scenario's own checks say what must carry over).
    mutating func variantInstalled() {
        holding = false
        owed = nil
    }

    /// The judgement with the stores the app did not show judged now: the verdict so far.
    func settled(_ container: some ContainerWitness) -> Judge {
        var judge = self
        judge.settleUnshownStores(container)
        return judge
    }

    /// Whether a judgement of `outcome` at `position` is the run's finding: the most severe class past `alerted`, the
    /// earliest place of it (a store a launch did not show is judged at the end, but found at that launch).
    func isNews(_ outcome: OutcomeClass, at position: Int) -> Bool {
        guard outcome.rank > OutcomeClass.alerted.rank else { return false }
        guard let finding else { return true }
        return outcome.rank > finding.outcome.rank || outcome == finding.outcome && position < finding.position
    }

    /// Whether a crash at `position` or later lost key-value changes the platform had not flushed.
    func lostUnflushedDefaults(since position: Int) -> Bool { defaultsLostAt.contains { $0 >= position } }

    /// The data as the user saw it before `position`, and, while the steps before it raised alerts (their changes
    /// were not acknowledged), as it was before those steps too.
    func acknowledgedStates(before position: Int) -> [VisibleData] {
        let entries = record.entries
        var states: [VisibleData] = []
        var index = position - 1
        while index >= 0 {
            if let seen = entries[index].shown { states.append(seen) }
            // A step that changed nothing on screen (a check, the clock) stands for the step that made it.
            var maker = index
            while maker > 0, !entries[maker].told, let seen = entries[maker].shown, entries[maker - 1].shown == seen {
                maker -= 1
            }
            guard entries[maker].told else { break }
            index = maker - 1
        }
        // Nothing shown yet (or only unacknowledged changes): an empty app loses nothing.
        if index < 0 || states.isEmpty { states.append(VisibleData()) }
        return states
    }

    /// The entries the user removed, by observation: what each acknowledged action took off the screen. Worked out
    /// only when a relaunch shows more than it is held to, which is seldom: most relaunches show it exactly.
    func removedEntries() -> [String: [ObservedValue]] {
        var removed: [String: [ObservedValue]] = [:]
        for position in acknowledgedActions where position > 0 {
            guard let before = record.entries[position - 1].shown, let after = record.entries[position].shown else {
                continue
            }
            for (name, entries) in after.entriesRemoved(since: before) { removed[name, default: []] += entries }
        }
        return removed
    }

    /// The steps run so far but the fault steps at `positions`, checks left out: a run with those faults not armed.
    func steps(without positions: Set<Int>) -> [Step] {
        record.entries.indices.compactMap { position in
            let step = record.entries[position].step
            return positions.contains(position) || step.isCheck ? nil : step
        }
    }

    /// The steps run through `position`, checks and faults that leave the app running left out.
    func stepsWithoutErrorFaults(through position: Int) -> [Step] {
        record.entries[...position].map(\.step).filter { step in
            if case .fault(let rule) = step.command { return rule.fault.killsTheProcess }
            return !step.isCheck
        }
    }

    /// The steps run so far, in order.
    var steps: ArraySlice<Step> { record.entries.map(\.step)[...] }
}

extension Step {
    /// An `expect` line.
    var isCheck: Bool {
        if case .expect = command { return true }
        return false
    }

    /// A `fault` line.
    var isFault: Bool {
        if case .fault = command { return true }
        return false
    }
}
