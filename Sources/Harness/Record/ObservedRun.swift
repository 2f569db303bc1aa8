import Foundation
import Sandbox

/// A scenario run in this process with every expectation judged but none stopping the run, and
/// what the app showed at each expectation and at the end, as `expect` lines: what record and
/// update mode write. Run it only after `SafeRun` found the steps neither trap nor hang.
struct ObservedRun {
    /// One expectation step: whether it held, and the lines that held when it ran.
    struct Judged {
        var step: Int
        var holds: Bool
        /// nil when the app was not running.
        var shown: [String]?
    }

    var judged: [Judged] = []
    /// What the app shows after the last step; nil when it is not running then.
    var finalLines: [String]?
    /// A step other than an expectation that could not be carried out: the run stopped there.
    var failure: StepFailure?

    init(_ scenario: Scenario, edition: String?, seed: UInt64) {
        let runner = ScenarioRunner(edition: edition, seed: seed)
        let name = runner.editionName(for: scenario)
        guard var session = runner.makeSession(for: scenario) else {
            failure = StepFailure(
                location: ScenarioLocation(file: scenario.file, line: 0, column: 0),
                step: "app \(scenario.app)", expected: "an edition named '\(name)'",
                found: scenario.plugin.editionsDescription, operationsTail: [])
            return
        }
        func shown() -> [String]? {
            session.observe().map { observation in
                let calendar = DayNames.calendar(timeZone: session.world.timeZone.identifier)
                return scenario.plugin.checkLines(for: observation, calendar: calendar)
            }
        }
        for (index, step) in scenario.steps(for: name) {
            let stepFailure = session.run(step, index: index)
            if case .expect = step.command {
                judged.append(Judged(step: index, holds: stepFailure == nil, shown: shown()))
            } else if let stepFailure {
                failure = stepFailure
                return
            }
        }
        finalLines = shown()
    }
}
