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
        // The first launch reads a file that is not there yet; the second read is the relaunch's.
        let rule = FaultRule(kind: .read, path: PathPattern("Documents/**"), occurrence: .nth(2), fault: .ioError)
        let run = ScenarioRunner(edition: "keeps", mode: .exploring(faults: [rule], lifecycle: nil)).run(scenario)
        #expect(run.judged.outcome == .dataLoss)
        #expect(run.verdictMessage?.hasPrefix("relaunch at line 5: notes ") == true, "not the relaunch after the run")
    }

    /// Key-value data a relaunch of the scenario shows none of: the app's loss when the store said "nothing" once
    /// (a second read would do), the platform's when it says so for good (no app can show it).
    @Test func aKeyValueLossAtTheScenariosRelaunchIsTheAppsOnlyWhenTheStoreFailedOnce() throws {
        let scenario = try ScenarioParser.parse(
            "app prefnotes\nfile Documents/notes.txt\nlaunch\nkill\nlaunch\n-- Documents/notes.txt --\nMilk\n",
            file: "kv.scenario", plugins: try PluginRegistry([MigrationToDefaultsTests.plugin]))
        let edition = "flushes-first"
        func outcome(_ occurrence: FaultRule.Occurrence) throws -> OutcomeClass {
            // The relaunch's read of the notes is the store's second answer.
            let rule = FaultRule(
                kind: .get, path: PathPattern("defaults:notes"), occurrence: occurrence, fault: .missing)
            return ScenarioRunner(edition: edition, mode: .exploring(faults: [rule], lifecycle: nil)).run(scenario)
                .judged.outcome
        }
        #expect(try outcome(.nth(2)) == .dataLoss)
        #expect(try outcome(.from(2)) == .platformLoss)
    }
}
