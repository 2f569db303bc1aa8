import Foundation
import Harness
import Testing

/// `launch edition NAME` and `upgrade`: one edition's code writes, another reads the same container.
@Suite struct UpgradeTests {
    private func run(_ script: String, edition: String, tracing: Bool = false) throws -> RunResult {
        let scenario = try ScenarioParser.parse("app notes\n" + script, file: "u.scenario", plugins: .withNotes)
        return ScenarioRunner(edition: edition, tracing: tracing).run(scenario)
    }

    private func messages(_ text: String) -> [String] {
        parseMessages(text, file: "u.scenario", plugins: .withNotes)
    }

    @Test func theOptionsParseAndMistakesAreErrorsAtTheirWord() throws {
        let scenario = try ScenarioParser.parse(
            "app namestofaces\nlaunch edition book variant codable\nkill\nupgrade\nupgrade edition book\nlaunch",
            file: "u.scenario", plugins: .withNotes)
        #expect(
            scenario.steps.map(\.command) == [
                .launchWith(LaunchOptions(edition: "book", variant: "codable")), .kill, .upgrade(LaunchOptions()),
                .upgrade(LaunchOptions(edition: "book")), .launch,
            ])
        #expect(
            messages(
                "app notes\nlaunch edition\nlaunch edition kepes\nlaunch variant x\n"
                    + "upgrade edition keeps edition keeps\nlaunch now\nupgrad") == [
                    "u.scenario:2:15: usage: launch [edition NAME] [variant NAME] [deferred]",
                    "u.scenario:3:16: unknown notes edition 'kepes' (did you mean 'keeps'?)",
                    "u.scenario:4:16: notes has no variants",
                    "u.scenario:5:23: 'edition' is given twice",
                    "u.scenario:6:8: unknown launch option 'now' (expected one of: edition, variant, deferred)",
                    "u.scenario:7:1: unknown verb 'upgrad' (did you mean 'upgrade'?)",
                ])
        #expect(
            messages("app namestofaces\nupgrade variant codabel") == [
                "u.scenario:2:17: unknown namestofaces variant 'codabel' (did you mean 'codable'?)"
            ])
    }

    /// The edition under test must read what the older edition wrote: here it keeps ids, so they survive.
    @Test func upgradeRunsTheEditionUnderTestOverTheOlderEditionsFiles() throws {
        let script = "launch edition renumbers\nnote Milk\nupgrade\nexpect notes: Milk\nexpect ids kept"
        #expect(try run(script, edition: "keeps").passed)
        // Under test, the renumbering edition is what loses the ids the older code showed.
        let renumbers = try run(script.replacingOccurrences(of: "renumbers", with: "keeps"), edition: "renumbers")
        #expect(renumbers.failure?.location.line == 6)
    }

    /// The one-list variant's items have no list name: the lists variant's relaunch is held to the scenario's checks,
    /// not compared value by value with what the one list showed.
    @Test func anUpgradeToAnotherVariantIsJudgedByTheScenariosChecks() throws {
        let script = """
            app checklists
            launch
            item add Buy milk
            item add Walk the dog
            item toggle 1
            upgrade variant lists
            expect lists: List
            list open 0
            expect items: [ ] Buy milk, [x] Walk the dog
            """
        let scenario = try ScenarioParser.parse(script, file: "v.scenario", plugins: .shipped)
        let result = ScenarioRunner(edition: "hardened").run(scenario)
        #expect(result.passed, "\(result.failure?.found ?? "")")
        #expect(result.verdict == .passed)
    }

    @Test func anInstalledEditionStaysForPlainLaunchesUntilAnUpgrade() throws {
        let script = "launch edition renumbers\nnote Milk\nkill\nlaunch\nexpect ids kept"
        #expect(try run(script, edition: "keeps").failure?.location.line == 6)
        let upgraded = try run(script + "\nkill\nupgrade edition keeps\nexpect ids kept", edition: "renumbers")
        #expect(upgraded.failure?.location.line == 6)
        #expect(
            try run("launch edition renumbers\nnote Milk\nupgrade edition keeps\nexpect ids kept", edition: "renumbers")
                .passed)
    }

    @Test func theTraceNamesTheCodeEachLaunchRan() throws {
        let result = try run(
            "launch edition renumbers\nnote Milk\nupgrade\nkill\nlaunch", edition: "keeps", tracing: true)
        let launches = result.trace.split(separator: "\n").filter { $0.hasPrefix("  launched ") }
        #expect(launches == ["  launched edition renumbers", "  launched edition keeps", "  launched edition keeps"])
        #expect(result.trace.contains("> 4: upgrade\n  launched edition keeps"))
    }

    /// A plug-in that lost an edition after the scenario was read: the step fails naming the editions there are.
    @Test func anEditionUnknownWhenTheStepRunsIsAStepFailure() throws {
        let extra = AppPlugin.notes.adding(AppEdition(name: "extra", summary: "") { NotesApp(env: $0.environment) })
        var scenario = try ScenarioParser.parse(
            "app notes\nupgrade edition extra", file: "u.scenario", plugins: try PluginRegistry([extra]))
        scenario.plugin = .notes
        let failure = try #require(ScenarioRunner(edition: "keeps").run(scenario).failure)
        #expect(failure.expected == "an edition named 'extra'")
        #expect(failure.found == "notes's editions: keeps, renumbers, defers, defers-merging, plain, debounced")
    }
}
