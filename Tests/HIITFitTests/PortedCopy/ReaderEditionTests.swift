import Foundation
import Harness
import Testing

/// The reader's HIITFit as an edition: the shipped corpus runs on it by name, and finds in it the
/// book's flaw it kept.
@Suite struct ReaderEditionTests {
    static let plugins = try! PluginRegistry([.hiitfitWithReader])
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios")

    /// Runs a corpus scenario on the reader's edition, in this process (these two never trap).
    static func run(_ file: String) -> ScenarioSuiteRunner.Report {
        ScenarioSuiteRunner(executable: nil, plugins: plugins, edition: "reader")
            .run(file: corpus.appendingPathComponent(file).path)
    }

    @Test func theEditionIsRegisteredBesideTheShippedOnes() {
        #expect(Self.plugins.plugins[0].editions.map(\.name) == ["hardened", "book", "reader"])
        #expect(Self.plugins.editionNames.contains("reader"))
    }

    @Test func theShippedScenariosRunOnTheReadersCode() {
        let report = Self.run("hiitfit/done-exercises-survive-relaunch.scenario")
        #expect(report.passed, "\(report.details ?? "")")
        #expect(report.result?.edition == "reader")
    }

    /// The reader's app has no past-workout screen: the step fails, never passes unperformed.
    @Test func aPastWorkoutOnAnEditionWithoutItsScreenFailsTheStep() throws {
        let text = "app hiitfit\nclock 2026-03-03 08:00 UTC\nlaunch\ndone Squat on 2026-03-01\nexpect history days 1\n"
        let scenario = try ScenarioParser.parse(text, file: "p.scenario", plugins: Self.plugins)
        let failure = try #require(ScenarioRunner(edition: "reader").run(scenario).failure)
        #expect(failure.location.line == 4)
        #expect(failure.found == "this edition has no screen to log a workout on an earlier day")
    }

    @Test func theHarnessFindsTheBooksFlawInTheReadersCode() throws {
        let report = Self.run("reports/history-read-error-taken-for-first-launch.scenario")
        let failure = try #require(report.result?.failure)
        #expect(report.result?.verdict == .silentOverwrite)
        #expect(failure.location.line == 8, "the launch that took the read error for a first launch")
        #expect(failure.found.hasPrefix("silentOverwrite: launch at line 8: @history holds data the app does not show"))
    }
}
