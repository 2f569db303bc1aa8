import Foundation
import Harness
import Sandbox
import Testing

/// `@NAME` reaches the store the plug-in declares, wherever it is; `expect kept` names a fixture.
@Suite struct StoreReferenceTests {
    private func parse(_ text: String, plugins: PluginRegistry = .shipped) throws(ScenarioErrors) -> Scenario {
        try ScenarioParser.parse(text, file: "s.scenario", plugins: plugins)
    }

    private func messages(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func aStoreIsItsPathOrItsKeyWhereverAPathOrKeyGoes() throws {
        let scenario = try parse(
            """
            app hiitfit
            file @history
            rm @history
            fault read @history corrupt
            fault get @ratings missing
            defaults set @ratings string 4300
            defaults remove @selectedTab
            expect file @history unchanged
            expect files @history 1
            expect defaults @ratings absent
            expect persisted @ratings absent
            expect ops write @history 2
            expect ops set @ratings 1
            expect kept @history
            -- @history --
            old days
            """)
        let history = "Documents/history.plist"
        #expect(
            scenario.steps.map(\.command) == [
                .putFile(path: history), .removeFile(path: history),
                .fault(FaultRule(kind: .read, path: PathPattern(history), occurrence: .nth(1), fault: .corruptRead)),
                .fault(
                    FaultRule(kind: .get, path: PathPattern("defaults:ratings"), occurrence: .nth(1), fault: .missing)),
                .setDefault(key: "ratings", value: .literal(.string("4300"))), .removeDefault(key: "selectedTab"),
                .expect(.file(path: history, .unchanged)), .expect(.fileCount(pattern: PathPattern(history), count: 1)),
                .expect(.defaultsValue(key: "ratings", value: nil)),
                .expect(.persistedValue(key: "ratings", value: nil)),
                .expect(.operationCount(kind: .write, pattern: PathPattern(history), count: 2)),
                .expect(.operationCount(kind: .set, pattern: PathPattern("defaults:ratings"), count: 1)),
                .expect(.kept(fixture: "@history")),
            ])
        #expect(scenario.fixture(at: history)?.name == "@history")
    }

    @Test func aStoreFollowsThePlugInsDeclaration() throws {
        var port = AppPlugin.hiitfit
        port.stores = [
            .file("history", at: "Documents/History.plist"), .defaults("ratings", key: "Stars"),
            .defaults("selectedTab", key: "tab"),
        ]
        let scenario = try parse(
            "app hiitfit\nfault read @history io-error\nexpect defaults @ratings absent",
            plugins: try PluginRegistry([port]))
        #expect(
            scenario.steps.map(\.command) == [
                .fault(
                    FaultRule(
                        kind: .read, path: PathPattern("Documents/History.plist"), occurrence: .nth(1),
                        fault: .ioError)),
                .expect(.defaultsValue(key: "Stars", value: nil)),
            ])
    }

    @Test func aQuotedWordIsAPathNotAStore() throws {
        let scenario = try parse("app hiitfit\nrm \"@history\"")
        #expect(scenario.steps.map(\.command) == [.removeFile(path: "@history")])
    }

    @Test func aStoreThatIsNotThereOrOfTheWrongKindIsAnErrorAtItsWord() {
        #expect(
            messages(
                "app hiitfit\nfile @histroy\nrm @ratings\ndefaults set @history int 1\nfault get @history missing\n"
                    + "expect files @tab 1") == [
                    "s.scenario:2:6: unknown hiitfit store 'histroy' (did you mean 'history'?)",
                    "s.scenario:3:4: '@ratings' is a key of the key-value store, not a file",
                    "s.scenario:4:14: '@history' is a file store, not a key of the key-value store",
                    "s.scenario:5:11: '@history' is a file store, not a key of the key-value store",
                    "s.scenario:6:14: unknown hiitfit store 'tab' (expected one of: history, ratings, selectedTab)",
                ])
    }

    @Test func keptNamesAFixtureThatHoldsBytes() {
        #expect(
            messages(
                "app hiitfit\nexpect kept\nexpect kept nope\nexpect kept empty\nexpect kept a b\n"
                    + "-- empty (hex) --\n-- a --\nx")
                == [
                    "s.scenario:2:12: usage: expect kept FIXTURE",
                    "s.scenario:3:13: no fixture named 'nope'",
                    "s.scenario:4:13: fixture 'empty' holds no bytes to look for",
                    "s.scenario:5:15: unexpected 'b' after 'expect kept a'",
                ])
    }

    /// The old days in a file of another shape: the hardened app copies them aside, the book saves over them.
    @Test func keptHoldsWhileTheBytesAreInAnyFileAndFailsOnceTheyAreGone() throws {
        let scenario = try parse(
            """
            app hiitfit
            clock 2026-03-01 08:00 UTC
            file @history
            launch
            expect kept @history
            done Squat
            expect kept @history
            [edition:book] expect verdict silentOverwrite
            -- @history (xml-text) --
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>days</key><integer>2</integer></dict></plist>
            """)
        #expect(ScenarioRunner(edition: "hardened").run(scenario).passed)
        let book = ScenarioRunner(edition: "book").run(scenario)
        #expect(book.failure?.location.line == 7)
        #expect(book.failure?.found.hasPrefix("in none of: Documents/history.plist") == true)
    }
}
