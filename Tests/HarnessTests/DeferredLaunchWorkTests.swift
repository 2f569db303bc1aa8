import Foundation
import Harness
import Testing

/// Work the app schedules for after launch (`.task {}`, `onAppear`, `DispatchQueue.main.async`): it runs at
/// the end of `launch`, or, after `launch deferred`, once the user has acted (`settle`, `background`).
@Suite struct DeferredLaunchWorkTests {
    private static let milk = "-- @notes --\nid-1\tMilk"

    private func run(_ script: String, edition: String = "defers") throws -> RunResult {
        let text = "app notes\nfile @notes\n" + script + "\n" + Self.milk
        let scenario = try ScenarioParser.parse(text, file: "w.scenario", plugins: .withNotes)
        return ScenarioRunner(edition: edition).run(scenario)
    }

    @Test func byDefaultTheLoadRunsBeforeTheUserActs() throws {
        #expect(try run("launch\nnote Eggs\nexpect notes: Milk, Eggs").passed)
    }

    /// The user adds a note before the load ran; the load then replaces the list with what the file held: a loss
    /// the oracle finds with no `expect` line, where the load ran.
    @Test func aDeferredLoadThatReplacesWhatTheUserAddedLosesIt() throws {
        let lost = try run("launch deferred\nnote Eggs\nexpect notes: Eggs\nsettle\nexpect notes: Milk")
        #expect(lost.verdict == .dataLoss)
        #expect(lost.failure?.location.line == 6)
        #expect(
            lost.verdictMessage
                == #"work of the launch at line 3, run at line 6: notes "Eggs" acknowledged at line 4 is missing"#)
        #expect(try run("launch deferred\nnote Eggs\nsettle\nexpect notes: Milk\nexpect verdict dataLoss").passed)
        #expect(
            try run("launch deferred\nnote Eggs\nsettle\nexpect notes: Milk, Eggs", edition: "defers-merging").passed)
    }

    /// A deferred launch after a kill is a relaunch too: judged once its work has run.
    @Test func aDeferredRelaunchIsJudgedWhenItsWorkRuns() throws {
        let script = "launch\nnote Eggs\nkill\nlaunch deferred\nsettle"
        let lost = try run(script)
        #expect(lost.verdict == .dataLoss)
        #expect(
            lost.verdictMessage
                == #"relaunch at line 6, its work run at line 7: notes "Eggs" acknowledged at line 4 is missing"#)
        #expect(try run("launch\nnote Eggs\nbackground\nkill\nlaunch deferred\nsettle").verdict == .passed)
    }

    @Test func backgroundRunsPendingWorkBeforeTheAppSaves() throws {
        let script =
            "launch deferred\nnote Eggs\nbackground\nexpect notes: Milk\nexpect verdict dataLoss\nkill\nlaunch\n"
            + "expect notes: Milk"
        #expect(try run(script).passed)
        #expect(
            try run(
                "launch deferred\nnote Eggs\nbackground\nkill\nlaunch\nexpect notes: Milk, Eggs",
                edition: "defers-merging"
            ).passed)
    }

    /// The held load dies with the process: only the next launch's load reads the file.
    @Test func pendingWorkDiesWithAKill() throws {
        #expect(try run("launch deferred\nkill\nlaunch\nexpect ops read @notes 1\nexpect notes: Milk").passed)
        #expect(try run("launch deferred\nsettle\nkill\nlaunch\nexpect ops read @notes 2").passed)
    }

    @Test func settleAndDeferredParseAndSettleNeedsARunningApp() throws {
        let scenario = try ScenarioParser.parse(
            "app notes\nlaunch deferred\nsettle\nupgrade edition keeps deferred", file: "w.scenario",
            plugins: .withNotes)
        #expect(
            scenario.steps.map(\.command) == [
                .launchWith(LaunchOptions(deferred: true)), .settle,
                .upgrade(LaunchOptions(edition: "keeps", deferred: true)),
            ])
        #expect(try run("settle").failure?.found == "it is not running (launch it first)")
        #expect(
            parseMessages("app notes\nsettle now", file: "w.scenario", plugins: .withNotes) == [
                "w.scenario:2:8: unexpected 'now' after 'settle'"
            ])
    }

    /// A save a timer makes two seconds after the change runs when a `clock` step lets that time pass, and dies with
    /// the process before it.
    @Test func aDebouncedSaveRunsWhenTheClockReachesIt() throws {
        let lost = try run("launch\nnote Eggs\nkill\nlaunch\n", edition: "debounced")
        #expect(lost.verdict == .dataLoss)
        #expect(try run("launch\nnote Eggs\nclock +1s\nkill\nlaunch\n", edition: "debounced").verdict == .dataLoss)
        let saved = try run(
            "launch\nnote Eggs\nclock +2s\nkill\nlaunch\nexpect notes: Milk, Eggs\n", edition: "debounced")
        #expect(saved.passed, "\(saved.failure?.summary ?? "")")
    }
}
