import Foundation
import HIITFitText
import Harness
import HarnessTesting
import Testing

/// My own scenarios for the text edition, held to their record (Scenarios/known-failures): each shows a
/// flaw of my app, and the header of each says what the harness reports for it.
@Suite struct TextPortScenarioTests {
    static let files = TextPort.own.files(ofApps: ["hiitfit"])

    @Test("My scenarios on the text edition", arguments: files)
    func own(_ file: ScenarioFile) { TextPort.own.check(file, edition: "text") }

    /// The app as first written dated a new day with the moment of its first exercise.
    @Test func theAppAsFirstWrittenIsHeldToTheTimeOfDay() throws {
        let file = try #require(Self.files.first { $0.path == "time-of-day-not-kept.scenario" })
        TextPort.own.check(file, edition: "text-now")
    }

    /// The verdicts the oracles give these runs, as found: a torn name is `dataLoss`; a stored day the app
    /// skips while it shows the others, and drops at the next save, is `passed` (a launch that shows part of a
    /// store is not followed: only the scenario's own `expect` lines catch it); the same day read back in
    /// another zone is `dataLoss` (a false red of days compared by instant).
    @Test(arguments: [
        ("torn-exercise-name.scenario", "text", OutcomeClass.dataLoss),
        ("dst-midnight-day-hidden-then-dropped.scenario", "text", .passed),
        ("torn-line-from-earlier-session-dropped.scenario", "text", .passed),
        ("day-read-back-in-another-zone.scenario", "text", .dataLoss),
        ("time-of-day-not-kept.scenario", "text-now", .dataLoss),
        ("time-of-day-not-kept.scenario", "text", .passed),
    ])
    func verdict(_ scenario: String, _ edition: String, _ verdict: OutcomeClass) throws {
        let file = try #require(Self.files.first { $0.path == scenario })
        let report = TextPort.own.run(file, edition: edition)
        #expect(report.result?.verdict == verdict, "\(report.details ?? "")")
    }
}
