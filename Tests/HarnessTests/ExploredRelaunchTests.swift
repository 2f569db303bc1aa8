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

    /// Key-value data a relaunch of the scenario shows none of: the app's loss when the store said "nothing" once
    /// (a second read would do), the platform's when it says so for good (no app can show it).
    @Test func aKeyValueLossAtTheScenariosRelaunchIsTheAppsOnlyWhenTheStoreFailedOnce() throws {
        let scenario = try ScenarioParser.parse(
            "app prefnotes\nfile Documents/notes.txt\nlaunch\nkill\nlaunch\n-- Documents/notes.txt --\nMilk\n",
            file: "kv.scenario", plugins: try PluginRegistry([MigrationToDefaultsTests.plugin]))
        let edition = "flushes-first"
        let baseline = try #require(ScenarioRunner(edition: edition, mode: .faultFree).run(scenario).exploration)
        func outcome(_ occurrence: FaultRule.Occurrence) throws -> OutcomeClass {
            // The relaunch's read of the notes is the store's second answer.
            let rule = FaultRule(
                kind: .get, path: PathPattern("defaults:notes"), occurrence: occurrence, fault: .missing)
            let run = ScenarioRunner(edition: edition, mode: .exploring(faults: [rule], lifecycle: nil)).run(scenario)
            return Oracle.classify(baseline: baseline, run: try #require(run.exploration))
        }
        #expect(try outcome(.nth(2)) == .dataLoss)
        #expect(try outcome(.from(2)) == .platformLoss)
    }
}
