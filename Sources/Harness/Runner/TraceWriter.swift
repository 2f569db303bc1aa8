import Sandbox

/// `--trace`: each step with the operations it caused, and the crashes at the end.
struct TraceWriter {
    private let world: SimulatedWorld
    /// Each launch's code is named, when the scenario changes editions.
    private let namesCode: Bool
    private(set) var lines: [String] = []
    private var start = 0
    private var launchesBefore = 0

    init(world: SimulatedWorld, scenario: Scenario) {
        self.world = world
        namesCode = scenario.changesEditions
    }

    /// `> 9: launch`, before the step runs.
    mutating func willRun(_ step: Step, in session: RunSession) {
        lines.append(step.traceHeading)
        (start, launchesBefore) = (world.operationCount, session.launchedCode.count)
    }

    /// The code the step launched, the operations it caused, and how it failed.
    mutating func didRun(_ failure: StepFailure?, in session: RunSession) {
        if namesCode { lines += session.launchedCode[launchesBefore...].map { "  launched \($0.label)" } }
        lines += operationLines(since: start)
        if let failure { lines.append(failure.traceLine) }
    }

    /// A line of the harness's own: `> relaunch after the fault`, and the operations since `operation`.
    mutating func note(_ line: String, since operation: Int? = nil) {
        lines.append(line)
        if let operation { lines += operationLines(since: operation) }
    }

    /// The crashes of the run, at its end.
    mutating func finish() {
        let crashes = world.crashes.map { ControlCharacters.escaped($0.line) }
        guard !crashes.isEmpty else { return }
        lines.append("crashes:")
        lines += crashes.map { "  " + $0 }
    }

    /// Escaped: operation lines carry the app's paths, which reach the terminal.
    private func operationLines(since start: Int) -> [String] {
        world.operations[start...].map { "  " + ControlCharacters.escaped($0.line) }
    }
}

extension Step {
    /// The line a trace shows before the step's operations: `> 9: launch`.
    var traceHeading: String { ControlCharacters.escaped("> \(location.line): \(text)") }
}
