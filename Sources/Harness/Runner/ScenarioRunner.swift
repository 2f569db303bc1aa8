import Foundation
import Sandbox

/// Runs a parsed scenario on a fresh simulated world, in this process.
///
/// App code that traps ends this process: `IsolatedRunner` runs scenarios in a
/// worker process for that reason.
public struct ScenarioRunner: Sendable {
    /// The edition to run; nil: each scenario's app's default edition.
    public var edition: String?
    /// Scripted, or one of the explorer's runs.
    public var mode: RunMode
    /// The seed when the scenario sets none.
    public var seed: UInt64
    /// Keep each step with its operations for `--trace`.
    public var tracing: Bool
    /// When set, the app's files live on the real disk here instead of the simulated tree.
    public var liveFiles: LiveFileSystem?
    /// What the app calls for its live files, when not `liveFiles` itself (a wrapper that counts or dies).
    public var liveAppFiles: (any FileSystem)?
    /// Told each operation as it happens (see `SimulatedWorld.observeOperations`).
    public var operationObserver: (@Sendable (OperationRecord) -> Void)?
    /// The side runs the judge asks for, kept across runs of one scenario; nil: a fresh set each run.
    var sideRuns: SideRuns?

    public init(
        edition: String? = nil, mode: RunMode = .scripted, seed: UInt64 = 0, tracing: Bool = false,
        liveFiles: LiveFileSystem? = nil
    ) {
        self.edition = edition
        self.mode = mode
        self.seed = seed
        self.tracing = tracing
        self.liveFiles = liveFiles
    }

    /// The name of the edition a run of `scenario` uses: the runner's, else the app's default.
    public func editionName(for scenario: Scenario) -> String { edition ?? scenario.plugin.defaultEdition }

    /// The seed a run of `scenario` uses: its own `seed` step, else the runner's.
    public func effectiveSeed(for scenario: Scenario) -> UInt64 {
        let edition = editionName(for: scenario)
        for (_, step) in scenario.steps(for: edition) {
            if case .seed(let value) = step.command { return value }
        }
        return seed
    }

    /// A fresh world for `scenario` and the session that drives it, judged with `counterfactuals`; nil when the app
    /// has no edition of that name.
    func makeSession(for scenario: Scenario, counterfactuals: (any Counterfactuals)? = nil) -> RunSession? {
        guard let edition = scenario.plugin.edition(named: editionName(for: scenario)) else { return nil }
        let world = SimulatedWorld(
            seed: effectiveSeed(for: scenario),
            bundleIdentifier: scenario.plugin.bundleIdentifier)
        if let operationObserver { world.observeOperations(operationObserver) }
        return RunSession(
            scenario: scenario, world: world, edition: edition, liveFiles: liveFiles,
            liveAppFiles: liveAppFiles, counterfactuals: counterfactuals)
    }

    /// Runs every step whose condition holds; `willRun` is told each step's index first.
    public func run(_ scenario: Scenario, willRun: (Int) -> Void = { _ in }) -> RunResult {
        let seed = effectiveSeed(for: scenario)
        let edition = editionName(for: scenario)
        guard var session = makeSession(for: scenario, counterfactuals: sideRuns ?? SideRuns(self, scenario: scenario))
        else {
            let failure = StepFailure(
                location: ScenarioLocation(file: scenario.file, line: 0, column: 0),
                step: "app \(scenario.app)", expected: "an edition named '\(edition)'",
                found: scenario.plugin.editionsDescription, operationsTail: [])
            return RunResult(
                file: scenario.file, edition: edition, seed: seed, outcome: .failed, failure: failure,
                stepsRun: 0, trace: "", operations: [], exploration: nil, verdict: .harnessError)
        }
        let world = session.world
        var trace = tracing ? TraceWriter(world: world, scenario: scenario) : nil
        var schedule = mode.schedule
        var stepsRun = 0
        var failure: StepFailure?
        for step in schedule?.prelude(in: scenario) ?? [] { _ = session.run(step) }
        for (index, step) in scenario.steps(for: edition) {
            willRun(index)
            trace?.willRun(step, in: session)
            if schedule != nil, step.isCheck {
                trace?.note("  (left to the oracles while exploring)")
                continue
            }
            stepsRun += 1
            failure = session.run(step, index: index) { schedule?.recordsAFailedStep(in: $0) ?? true }
            trace?.didRun(failure, in: session)
            if let ends = schedule?.ends(after: index, failure: &failure, session: &session) {
                if ends { break }
            } else if failure != nil {
                break
            }
        }
        if schedule?.firedAtStep != nil {
            let before = world.operationCount
            ScheduleRun.recover(&session)
            trace?.note("> relaunch after the fault", since: before)
        }
        session.finish()
        trace?.finish()
        let judge = session.judge
        if schedule == nil, let unexpected = unexpectedLoss(judge, in: scenario, edition: edition),
            failure.map({ unexpected.location.line < $0.location.line }) ?? true
        {
            failure = unexpected
            trace?.note(unexpected.traceLine)
        }
        var exploration = schedule.map { _ in ExplorationRecord(judge.record) }
        exploration?.firedAtStep = schedule?.firedAtStep
        exploration?.traceHash = TraceHash.fnv1a(world)
        // Work still pending holds the app, and through it the world.
        world.discardMainQueue()
        var result = RunResult(
            file: scenario.file, edition: edition, seed: seed,
            outcome: failure == nil ? .passed : .failed, failure: failure,
            stepsRun: stepsRun, trace: trace?.lines.joined(separator: "\n") ?? "", operations: world.operations,
            exploration: exploration, verdict: judge.outcome, verdictMessage: judge.finding?.message,
            verdictLocation: judge.finding?.location)
        result.launchedEditions = session.launchedCode.map(\.edition.name)
        result.reproductionFacts = ReproductionFacts(
            expected: judge.finding?.expected,
            timeZone: judge.record.entries.last?.timeZone.identifier ?? world.timeZone.identifier,
            overwritten: judge.finding?.overwritten ?? [], runningAtEnd: judge.record.entries.last?.shown != nil)
        return result
    }

    /// The judge's failing verdict, as the step where it was found, unless the scenario expects that
    /// verdict (`expect verdict CLASS`, which then checks it where it stands).
    private func unexpectedLoss(_ judge: Judge, in scenario: Scenario, edition: String) -> StepFailure? {
        guard let finding = judge.finding, finding.outcome.isFailure else { return nil }
        let expected = scenario.steps(for: edition).contains { _, step in
            guard case .expect(.verdict(let verdict)) = step.command, !step.negated else { return false }
            return verdict == finding.outcome
        }
        if expected { return nil }
        let step = scenario.steps.first { $0.location == finding.location }
        return StepFailure(
            location: finding.location, step: step?.text ?? "launch",
            expected: "no data lost (verdict passed, alerted or platformLoss)",
            found: "\(finding.outcome.rawValue): \(finding.message)", operationsTail: finding.operationsTail)
    }
}

/// A stable 64-bit hash of a world's trace, printed in hex.
enum TraceHash {
    static func fnv1a(_ world: SimulatedWorld) -> String { String(world.traceHash, radix: 16) }
}
