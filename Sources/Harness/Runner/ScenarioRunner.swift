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
        for step in scenario.steps {
            if case .seed(let value) = step.command, step.condition?.holds(for: edition) ?? true { return value }
        }
        return seed
    }

    /// A fresh world for `scenario`, with the schedule armed, and the session that drives it; nil when
    /// the app has no edition of that name.
    func makeSession(for scenario: Scenario) -> RunSession? {
        guard let edition = scenario.plugin.edition(named: editionName(for: scenario)) else { return nil }
        let world = SimulatedWorld(
            seed: effectiveSeed(for: scenario),
            bundleIdentifier: scenario.plugin.bundleIdentifier)
        for rule in mode.faults { world.arm(rule) }
        if let operationObserver { world.observeOperations(operationObserver) }
        return RunSession(
            scenario: scenario, world: world, edition: edition, liveFiles: liveFiles,
            liveAppFiles: liveAppFiles)
    }

    /// Runs every step whose condition holds; `willRun` is told each step's index first.
    public func run(_ scenario: Scenario, willRun: (Int) -> Void = { _ in }) -> RunResult {
        let seed = effectiveSeed(for: scenario)
        let edition = editionName(for: scenario)
        guard var session = makeSession(for: scenario) else {
            let failure = StepFailure(
                location: ScenarioLocation(file: scenario.file, line: 0, column: 0),
                step: "app \(scenario.app)", expected: "an edition named '\(edition)'",
                found: scenario.plugin.editionsDescription, operationsTail: [])
            return RunResult(
                file: scenario.file, edition: edition, seed: seed, outcome: .failed, failure: failure,
                stepsRun: 0, trace: "", operations: [], exploration: nil, verdict: .harnessError)
        }
        // The model's verdict is the run's in scripted and fault-free runs: the explorer judges its other runs itself,
        // so only those pay for the runs the model's judgements may ask for.
        if mode.isJudgedByTheModel {
            session.model.stateAfterInterruption = { [self] step, crash in
                stateAfter(step: step, sparing: crash, of: scenario)
            }
            session.model.stateWithoutErrorFaults = { [self] index in
                stateWithoutErrorFaults(after: index, of: scenario)
            }
            session.model.emptyContainerState = { [self, world = session.world] code in
                emptyContainerState(code, of: scenario, at: world)
            }
            session.model.statesWithoutFaults = { [self] index in statesWithoutFaults(upTo: index, of: scenario) }
        }
        let world = session.world
        var trace: [String] = []
        var stepsRun = 0
        var failure: StepFailure?
        // Escaped: operation lines carry the app's paths, which reach the terminal.
        func operationLines(since start: Int) -> [String] {
            world.operations[start...].map { "  " + ControlCharacters.escaped($0.line) }
        }
        // Asked once: it looks through every step.
        let tracesEditions = tracing && scenario.changesEditions
        for (index, step) in scenario.steps.enumerated() where step.condition?.holds(for: edition) ?? true {
            willRun(index)
            let before = world.operationCount
            if tracing { trace.append(step.traceHeading) }
            if mode.isExploring, case .expect = step.command {
                if tracing { trace.append("  (left to the oracles while exploring)") }
                continue
            }
            stepsRun += 1
            let launchesBefore = session.launchedCode.count
            failure = session.run(step)
            if tracing {
                if tracesEditions {
                    trace += session.launchedCode[launchesBefore...].map { "  launched \($0.label)" }
                }
                trace += operationLines(since: before)
                if let failure { trace.append(failure.traceLine) }
            }
            if mode.isExploring {
                if let lifecycle = mode.lifecycle, lifecycle.step == index, failure == nil {
                    session.end(by: lifecycle.kind, afterStep: index)
                    break
                }
                if session.model.record.firedAtStep == nil, world.anyFired(amongFirst: mode.faults.count) {
                    session.model.record.firedAtStep = index
                    // A crash interrupts the scenario; an error lets the user carry on.
                    session.model.record.crashed = !world.isRunning
                    if session.model.record.crashed { break }
                }
                // After the fault, a step the user can no longer perform ends the run.
                if failure != nil && session.model.record.firedAtStep != nil {
                    failure = nil
                    break
                }
            }
            if failure != nil { break }
        }
        session.model.settleUnshown(world: world, container: session.container)
        var exploration = session.model.record
        if mode.isExploring && exploration.firedAtStep != nil {
            let before = world.operationCount
            recover(&session, into: &exploration)
            if tracing {
                trace.append("> relaunch after the fault")
                trace += operationLines(since: before)
            }
        }
        if tracing {
            let crashes = world.crashes.map { ControlCharacters.escaped($0.line) }
            if !crashes.isEmpty {
                trace.append("crashes:")
                trace += crashes.map { "  " + $0 }
            }
        }
        if mode.isExploring { exploration.traceHash = TraceHash.fnv1a(world) }
        let model = session.model
        if !mode.isExploring, let unexpected = unexpectedLoss(model, in: scenario, edition: edition),
            failure.map({ unexpected.location.line < $0.location.line }) ?? true
        {
            failure = unexpected
            if tracing { trace.append(unexpected.traceLine) }
        }
        // Work still pending holds the app, and through it the world.
        world.discardMainQueue()
        var result = RunResult(
            file: scenario.file, edition: edition, seed: seed,
            outcome: failure == nil ? .passed : .failed, failure: failure,
            stepsRun: stepsRun, trace: trace.joined(separator: "\n"), operations: world.operations,
            exploration: mode.isExploring ? exploration : nil, verdict: model.verdict,
            verdictMessage: model.finding?.message,
            verdictLocation: model.finding?.location)
        result.launchedEditions = session.launchedCode.map(\.edition.name)
        return result
    }

    /// The model's failing verdict, as the step where it was found, unless the scenario expects that
    /// verdict (`expect verdict CLASS`, which then checks it where it stands).
    private func unexpectedLoss(_ model: RunModel, in scenario: Scenario, edition: String) -> StepFailure? {
        guard let finding = model.finding, finding.outcome.isFailure else { return nil }
        let expected = scenario.steps.contains { step in
            guard case .expect(.verdict(let verdict)) = step.command, !step.negated else { return false }
            return verdict == finding.outcome && (step.condition?.holds(for: edition) ?? true)
        }
        if expected { return nil }
        let step = scenario.steps.first { $0.location == finding.location }
        return StepFailure(
            location: finding.location, step: step?.text ?? "launch",
            expected: "no data lost (verdict passed, alerted or platformLoss)",
            found: "\(finding.outcome.rawValue): \(finding.message)", operationsTail: finding.operationsTail)
    }

    /// After the fault: the app goes to the background and is killed, every fault is
    /// cleared, and the app is launched again.
    func recover(_ session: inout RunSession, into record: inout ExplorationRecord) {
        let world = session.world
        session.background()
        session.kill()
        world.disarmAll()
        record.lostUnflushedDefaults = world.crashes.contains { $0.platformLostDefaults }
        // The platform failed, not the app: its own file was hit, or its store answered wrongly for good and the
        // user changed the data since, which the app saved believing the store empty (a save nobody asked for is
        // the app's own doing).
        let answersWronglyForGood = mode.faults.contains { rule in
            if case .nth = rule.occurrence { return false }
            return rule.kind == .get && (rule.fault == .missing || rule.fault == .wrongType)
        }
        let changedSince = record.firedAtStep.map { fired in
            record.stepIndexes.contains { index in
                guard index >= fired, case .action = session.scenario.steps[index].command else { return false }
                return true
            }
        }
        record.platformFault = Oracle.platformFaulted(world.operations) || answersWronglyForGood && changedSince == true
        record.storeAnsweredWronglyForGood = answersWronglyForGood
        record.undetectablyCorrupted = world.faultedFiles.contains(where: UndetectableCorruption.hides)
        session.launch()
        let seen = session.observe()
        record.recovered = seen.map(session.model.visibleData)
        record.recoveredAlert = seen?.alert != nil
        record.timeZone = world.timeZone.identifier
        let contents = Set(world.filePaths.compactMap { world.fileData($0) })
        // A copy of the real bytes, or of what the app was given instead of them, counts as kept.
        let hidden = world.faultedFiles.filter { !$0.path.hasPrefix("Library/Preferences/") }
        record.overwritten = hidden.filter {
            !contents.contains($0.data) && !$0.seenAs.contains(where: contents.contains)
        }
        .map(\.path)
    }
}

extension Step {
    /// The line a trace shows before the step's operations: `> 9: launch`.
    var traceHeading: String { ControlCharacters.escaped("> \(location.line): \(text)") }
}

/// A stable 64-bit hash of a world's trace, printed in hex.
enum TraceHash {
    static func fnv1a(_ world: SimulatedWorld) -> String { String(world.traceHash, radix: 16) }
}
