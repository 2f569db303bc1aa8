import Sandbox
import Testing

@testable import Harness

/// The explorer judges the scenario's own relaunches after a fault as `run` does, not only the relaunch it makes
/// after the run.
@Suite struct ExploredRelaunchTests {
    /// A read error at the scenario's own relaunch, which the app takes for an empty file with no alert: the user sees
    /// no notes there, as `run` finds, though the relaunch after the run reads them again.
    @Test func aSilentReadErrorAtTheScenariosRelaunchIsALoss() throws {
        let scenario = try ScenarioParser.parse(
            "app notes\nlaunch\nnote Milk\nkill\nlaunch\n", file: "relaunch.scenario", plugins: .withNotes)
        let baseline = try #require(ScenarioRunner(edition: "keeps", mode: .faultFree).run(scenario).exploration)
        // The first launch reads a file that is not there yet; the second read is the relaunch's.
        let rule = FaultRule(kind: .read, path: PathPattern("Documents/**"), occurrence: .nth(2), fault: .ioError)
        let run = try #require(
            ScenarioRunner(edition: "keeps", mode: .exploring(faults: [rule], lifecycle: nil)).run(scenario).exploration
        )
        #expect(run.recovered?.values["notes"] == .list([.text("Milk")]), "the relaunch after the run reads it again")
        #expect(Oracle.classify(baseline: baseline, run: run) == .dataLoss)
    }
}
