import Foundation
import Harness
import Testing

/// `expect ids kept`: the ids the app showed before its last relaunch are still shown.
@Suite struct IdsKeptTests {
    private func run(_ script: String, edition: String) throws -> RunResult {
        let scenario = try ScenarioParser.parse("app notes\n" + script, file: "i.scenario", plugins: .withNotes)
        return ScenarioRunner(edition: edition).run(scenario)
    }

    private func messages(_ text: String, plugins: PluginRegistry = .withNotes) -> [String] {
        parseMessages(text, file: "i.scenario", plugins: plugins)
    }

    private let relaunch = "launch\nnote Milk\nnote Eggs\nkill\nlaunch\nexpect notes: Milk, Eggs\nexpect ids kept"

    @Test func anAppThatKeepsItsIdsPassesAndOneThatRenumbersOnLoadFailsNamingTheIds() throws {
        #expect(try run(relaunch, edition: "keeps").passed)
        let renumbered = try run(relaunch, edition: "renumbers")
        let failure = try #require(renumbered.failure)
        #expect(failure.location.line == 8)
        #expect(failure.expected == "every id the app showed before this process still shown")
        let uuid = "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}"
        #expect(failure.found.wholeMatch(of: try Regex("missing: \(uuid), \(uuid); new: \(uuid), \(uuid)")) != nil)
    }

    @Test func newIdsAloneStillHoldAndAreNamed() throws {
        let result = try run(relaunch + "\nnote Tea\n! expect ids kept", edition: "keeps")
        #expect(result.failure?.location.line == 10)
        #expect(result.failure?.found.hasPrefix("new: ") == true)
        #expect(result.failure?.expected == "not: every id the app showed before this process still shown")
    }

    @Test func theIdsAreThoseOfTheLastStepTheEarlierProcessFinished() throws {
        // The crash kills the process inside `note Eggs`: the user never saw Eggs, so only Milk must stay.
        let crash =
            "launch\nnote Milk\nfault write ** crash-before\nnote Eggs\nlaunch\nexpect notes: Milk\nexpect ids kept"
        #expect(try run(crash, edition: "keeps").passed)
    }

    /// The book's ratings view reads the key-value store whenever it is looked at: keeping the ids shown
    /// after each step must not add those reads, nor let a fault armed for the app fire in them.
    @Test func keepingTheIdsAddsNoOperations() throws {
        let text = """
            app hiitfit
            clock 2026-03-01 08:00 UTC
            launch
            fault get @ratings wrong-type
            done Squat
            kill
            launch
            expect ops get @ratings 0
            ! expect ids kept
            """
        let scenario = try ScenarioParser.parse(text, file: "i.scenario", plugins: .shipped)
        #expect(ScenarioRunner(edition: "book").run(scenario).passed)
    }

    /// Checklists' one-list variant shows rows without ids: the check has nothing to hold, so it fails
    /// either way instead of comparing nothing with nothing.
    @Test func aVariantThatShowsNoIdsFailsTheCheckEitherWay() throws {
        for negated in ["", "! "] {
            let text = "app checklists\nlaunch\nitem add Milk\nkill\nlaunch\n\(negated)expect ids kept"
            let scenario = try ScenarioParser.parse(text, file: "i.scenario", plugins: .shipped)
            let failure = try #require(ScenarioRunner().run(scenario).failure)
            #expect(failure.location.line == 6)
            #expect(failure.found == "the app shows no ids here: its driver reports no 'ids'")
        }
        let lists = "app checklists lists\nlaunch\nlist add Home\nkill\nlaunch\nexpect ids kept"
        #expect(ScenarioRunner().run(try ScenarioParser.parse(lists, file: "i.scenario", plugins: .shipped)).passed)
    }

    @Test func atMostThreeIdsAreListed() throws {
        let many = "launch\n" + (1...5).map { "note \($0)" }.joined(separator: "\n") + "\nexit\nlaunch\nexpect ids kept"
        let found = try #require(try run(many, edition: "renumbers").failure?.found)
        #expect(found.contains(" and 2 more; new: "))
        #expect(found.hasSuffix(" and 2 more"))
    }

    @Test func withoutAnEarlierProcessItFailsSayingSo() throws {
        let result = try run("launch\nnote Milk\nexpect ids kept", edition: "keeps")
        #expect(
            result.failure?.found.hasPrefix("no earlier process showed ids: this is the app's first launch") == true)
        // Nothing to compare with: negated, it fails too.
        let negated = try run("launch\nnote Milk\n! expect ids kept", edition: "keeps")
        #expect(negated.failure?.found.hasPrefix("no earlier process showed ids") == true)
        let stopped = try run("launch\nkill\nexpect ids kept", edition: "keeps")
        #expect(stopped.failure?.found.hasPrefix("the app is not running") == true)
    }

    @Test func itIsAParseErrorForAnAppThatShowsNoIdsAndAUsageErrorWhenMisspelt() throws {
        var noIds = AppPlugin.notes
        noIds.observations.removeAll { $0.name == "noteIds" }
        #expect(
            messages("app notes\nexpect ids kept", plugins: try PluginRegistry([noIds])) == [
                "i.scenario:2:8: notes shows no ids: none of its observations is compared as identities"
            ])
        #expect(
            messages("app notes\nexpect ids\nexpect ids kep\nexpect ids kept now") == [
                "i.scenario:2:11: usage: expect ids kept",
                "i.scenario:3:12: unknown ids check 'kep' (did you mean 'kept'?)",
                "i.scenario:4:17: unexpected 'now' after 'expect ids kept'",
            ])
    }
}
