/// Which step of the fault-free run made each operation: where a fault placed on it shows in the scenario.
struct OperationSteps {
    /// How many operations had run before each step that ran, and that step's place in the file.
    private let starts: [Int]
    private let locations: [ScenarioLocation]

    init(baseline: RunResult, scenario: Scenario) {
        starts = baseline.exploration?.stepStarts ?? []
        locations = baseline.exploration?.stepIndexes.map { scenario.steps[$0].location } ?? []
    }

    /// The step during which operation `number` (1-based) ran.
    func location(ofOperation number: Int) -> ScenarioLocation? {
        starts.lastIndex { $0 < number }.map { locations[$0] }
    }
}
