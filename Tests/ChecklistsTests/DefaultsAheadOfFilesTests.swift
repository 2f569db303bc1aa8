import ChecklistsPlugin
import Sandbox
import Testing

@testable import Harness

/// iOS may write an app's key-value changes at any moment, so a kill can find the key-value store ahead of the
/// app's files: a port that sets `FirstTime` at once but saves its first list only at background then shows no
/// list at all. A plain kill hides this (the flag is lost with the list); the explorer ends the app that way too.
@Suite struct DefaultsAheadOfFilesTests {
    static let scenario = try! ScenarioParser.parse(
        "app checklists lists\nlaunch\nkill\nlaunch\n", file: "first.scenario", plugins: OwnTypesPortTests.plugins)

    @Test func aFlagWrittenBeforeTheFileItVouchesForLosesTheFirstList() throws {
        let flushed = try ScenarioParser.parse(
            "app checklists lists\nlaunch\ndefaults flush now\nkill\nlaunch\n", file: "flushed.scenario",
            plugins: OwnTypesPortTests.plugins)
        let lost = ScenarioRunner(edition: "own-types-at-background").run(flushed)
        #expect(lost.verdict == .dataLoss)
        #expect(lost.verdictMessage == "relaunch at line 5: lists: List acknowledged at line 2 is missing")
        #expect(ScenarioRunner(edition: "own-types").run(flushed).verdict == .passed)
        // A plain kill loses the flag with the list: the relaunch makes the first list again.
        #expect(ScenarioRunner(edition: "own-types-at-background").run(Self.scenario).verdict == .passed)
    }

    @Test func theExplorerFlushesTheKeyValueStoreBeforeAKillWhereTheAppLeftChanges() throws {
        func judged(_ edition: String) throws -> [LifecycleEvent.Kind: OutcomeClass] {
            let baseline = ScenarioRunner(edition: edition, mode: .faultFree).run(Self.scenario)
            var outcomes: [LifecycleEvent.Kind: OutcomeClass] = [:]
            for schedule in ScheduleGenerator.schedules(after: baseline, edition: edition, seed: 0) {
                guard let event = schedule.lifecycle, event.step == 0 else { continue }
                outcomes[event.kind] =
                    ScenarioRunner(edition: edition, mode: schedule.mode).run(Self.scenario).judged.outcome
            }
            return outcomes
        }
        let background = try judged("own-types-at-background")
        #expect(background[.defaultsFlushedThenKill] == .dataLoss)
        #expect(background[.kill] == .passed)
        // An app that synchronizes leaves no change unflushed: the event is not explored after its steps.
        let synchronizing = try judged("own-types")
        #expect(synchronizing[.defaultsFlushedThenKill] == nil)
        #expect(synchronizing[.kill] == .passed)
    }
}
