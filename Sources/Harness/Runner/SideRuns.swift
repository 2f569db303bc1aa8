import Foundation
import Sandbox

/// The runs beside the real one that the judge asks for, each in a world of its own on the simulated disk, with no
/// trace: what some steps show had a crash not come or with some faults not armed, and what the code shows in an
/// empty container. Answers are kept, as the explorer's runs of one scenario ask the same questions again and again.
final class SideRuns: Counterfactuals, @unchecked Sendable {
    private let runner: ScenarioRunner
    private let scenario: Scenario
    private let lock = NSLock()
    private var states: [[String]: VisibleData?] = [:]
    /// What steps show after the last, by the steps: every run of steps answers for each of its beginnings too.
    private let shown = StepTrie()
    private var stateLists: [[String]: [VisibleData]] = [:]
    private var emptyLaunches: [String: EmptyLaunch] = [:]

    /// Side runs of `scenario` by `runner`'s edition and seed, with no schedule armed, no trace, no operation observer
    /// and no real disk: the steps they are given arm the faults.
    init(_ runner: ScenarioRunner, scenario: Scenario) {
        var side = runner
        (side.tracing, side.liveFiles, side.liveAppFiles, side.operationObserver, side.mode) = (
            false, nil, nil, nil, .scripted
        )
        self.runner = side
        self.scenario = scenario
    }

    /// What `steps` show after the last (checks left out); nil when a step fails.
    func state(after steps: [Step]) -> VisibleData? {
        let path = steps.filter { !$0.isCheck }.map(Self.identity)
        if let known = lock.withLock({ shown.state(at: path[...]) }) { return known }
        guard var session = runner.makeSession(for: scenario, counterfactuals: nil) else { return nil }
        defer { session.world.discardMainQueue() }
        return run(steps.filter { !$0.isCheck }[...], in: &session, from: []) ?? nil
    }

    /// Runs `steps` after those `path` names, which `session` has run, noting what each shows; what the last shows,
    /// or nil when a step fails (noted as showing nothing, for every longer beginning of `steps` too).
    private func run(_ steps: ArraySlice<Step>, in session: inout RunSession, from path: [String]) -> VisibleData?? {
        var node = lock.withLock { shown.node(at: path[...]) }
        var state: VisibleData?
        for (offset, step) in steps.enumerated() {
            node = lock.withLock { node.child(Self.identity(step)) }
            guard session.run(step) == nil else {
                let rest = steps.dropFirst(offset + 1).map(Self.identity)
                lock.withLock {
                    node.state = .some(nil)
                    node.node(at: rest[...]).state = .some(nil)
                }
                return nil
            }
            state = session.judge.record.entries.last?.shown
            lock.withLock { node.state = .some(state) }
        }
        return .some(state)
    }

    /// What `steps` show after the last in a run in which no fault causes crash number `crash`: the new state of the
    /// action that crash interrupted. When the app is not running after it (another crash came), what the first of
    /// `later` that launches it shows then; nil: none does.
    func state(after steps: ArraySlice<Step>, sparing crash: Int, then later: ArraySlice<Step>) -> VisibleData? {
        remembered(in: \.states, Self.key(steps + later, "sparing \(crash) after \(steps.count)")) {
            guard var session = runner.makeSession(for: scenario, counterfactuals: nil) else { return nil }
            defer { session.world.discardMainQueue() }
            session.world.spareCrash(number: crash)
            if let state = Self.observation(after: steps, in: &session) { return state }
            for step in later where !step.isCheck {
                guard session.run(step) == nil else { return nil }
                if step.command.launchesTheApp, let state = session.judge.record.entries.last?.shown { return state }
            }
            return nil
        }
    }

    /// Asks, once, the questions the judges of explored runs whose faults fired unannounced ask most: what the
    /// scenario's steps show, each beginning of them and after their end relaunched as after a fault, with none of
    /// the explorer's faults. A fork server's template asks them, and the workers it forks start out with the answers.
    func askAboutTheSteps(of edition: String) {
        let steps = scenario.steps(for: edition).map(\.step).filter { !$0.isCheck }
        guard var session = runner.makeSession(for: scenario, counterfactuals: nil) else { return }
        defer { session.world.discardMainQueue() }
        guard run(steps[...], in: &session, from: []) != nil else { return }
        let recovery = ScheduleRun.recovery(running: session.world.isRunning, in: scenario)
        _ = run(recovery[...], in: &session, from: steps.map(Self.identity))
    }

    /// What `code` shows launched in an empty container at `now` in `zone`, and what its stores then hold.
    func emptyLaunch(of code: InstalledCode, at now: Date, in zone: TimeZone) -> EmptyLaunch {
        let key = "\(code.label) \(now.timeIntervalSinceReferenceDate) \(zone.identifier)"
        if let known = lock.withLock({ emptyLaunches[key] }) { return known }
        var launch = EmptyLaunch(shown: nil, stored: [])
        if var session = runner.makeSession(for: scenario, counterfactuals: nil) {
            defer { session.world.discardMainQueue() }
            session.world.setClock(now, timeZone: zone)
            session.installed = code
            session.launch()
            launch.shown = session.observe().map(session.visibleData)
            launch.stored = Recorder.storesHoldingData(
                scenario.plugin, world: session.world, container: session.container)
        }
        lock.withLock { emptyLaunches[key] = launch }
        return launch
    }

    /// Where data a relaunch after `steps` may show comes from, besides what the run showed: what the steps show with
    /// none of their faults (stored data the faults kept out of sight, the new state of an action a crash
    /// interrupted), that run relaunched as after a fault (background, kill, every fault cleared, launch), and what
    /// the relaunched code shows in an empty container.
    func statesWithoutFaults(upTo steps: ArraySlice<Step>) -> [VisibleData] {
        let steps = steps.filter { !$0.isFault && !$0.isCheck }
        return remembered(in: \.stateLists, Self.key(steps, "without faults")) {
            guard var session = runner.makeSession(for: scenario, counterfactuals: nil) else { return [] }
            defer { session.world.discardMainQueue() }
            let ran = Self.run(steps[...], in: &session)
            var states = session.judge.record.entries.compactMap(\.shown)
            guard ran else { return states }
            ScheduleRun.recover(&session)
            let world = session.world
            states += [
                session.judge.record.entries.last?.shown,
                emptyLaunch(of: session.installed, at: world.now, in: world.timeZone).shown,
            ]
            .compactMap { $0 }
            return states
        }
    }

    /// The answer kept under `key` in `table`, else `compute`'s, kept.
    private func remembered<Value>(
        in table: ReferenceWritableKeyPath<SideRuns, [[String]: Value]>, _ key: [String], _ compute: () -> Value
    ) -> Value {
        if let known = lock.withLock({ self[keyPath: table][key] }) { return known }
        let value = compute()
        lock.withLock { self[keyPath: table][key] = value }
        return value
    }

    /// Steps as a key: each one's line and text, which name it within the scenario and the steps the explorer adds.
    private static func key(_ steps: some Collection<Step>, _ question: String) -> [String] {
        [question] + steps.map(identity)
    }

    /// A step's line and text, which name it within the scenario and among the steps the explorer adds.
    private static func identity(_ step: Step) -> String { "\(step.location.line) \(step.text)" }

    /// Runs `steps`, checks left out; false when one fails.
    private static func run(_ steps: ArraySlice<Step>, in session: inout RunSession) -> Bool {
        for step in steps where !step.isCheck {
            guard session.run(step) == nil else { return false }
        }
        return true
    }

    /// Runs `steps`, checks left out; what the app shows after the last, nil when one fails.
    private static func observation(after steps: ArraySlice<Step>, in session: inout RunSession) -> VisibleData? {
        guard run(steps, in: &session) else { return nil }
        return session.judge.record.entries.last?.shown
    }
}

/// What steps show, by the steps: a node for each beginning of the runs made so far.
private final class StepTrie {
    private var children: [String: StepTrie] = [:]
    /// What the steps to this node show after the last: nil, not known; `.some(nil)`, not running or a step failed.
    var state: VisibleData??

    /// What the steps `path` show, if known.
    func state(at path: ArraySlice<String>) -> VisibleData?? {
        var node = self
        for step in path {
            guard let child = node.children[step] else { return nil }
            node = child
        }
        return node.state
    }

    /// The node of the steps `path`, made if need be.
    func node(at path: ArraySlice<String>) -> StepTrie { path.reduce(self) { $0.child($1) } }

    /// The node of these steps and then `step`, made if need be.
    func child(_ step: String) -> StepTrie {
        if let child = children[step] { return child }
        let child = StepTrie()
        children[step] = child
        return child
    }
}
