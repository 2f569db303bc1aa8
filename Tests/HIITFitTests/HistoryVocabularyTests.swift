import Foundation
import HIITFitPlugin
import Harness
import Testing

/// `done EXERCISE on DAY` and the history's order, same-date and id checks: what they parse to, the
/// mistakes they report at their word, and that each check fails when the app shows otherwise.
@Suite struct HistoryVocabularyTests {
    static let plugins = try! PluginRegistry([.hiitfit])

    func parse(_ lines: String) throws -> [Command] {
        try ScenarioParser.parse("app hiitfit\n" + lines, file: "v.scenario", plugins: Self.plugins).steps.map(
            \.command)
    }

    func errors(_ lines: String) -> [String] {
        do {
            _ = try ScenarioParser.parse("app hiitfit\n" + lines, file: "v.scenario", plugins: Self.plugins)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func theNewLinesParseToTheirValues() throws {
        let first = UUID(uuidString: "5D1A1F3E-8C1B-4E8A-9F00-000000000001")!
        let day = CalendarDay(year: 2026, month: 3, day: 1)
        #expect(
            try parse(
                "done Sun Salute on 2026-03-01\nexpect history order: 2026-03-02, 2026-03-01\n"
                    + "expect history days on 2026-03-01: 2\n"
                    + "expect history ids: *, 5d1a1f3e-8c1b-4e8a-9f00-000000000001"
            )
                == [
                    .action(PluginValue(HIITFitAction.doneOn("Sun Salute", day))),
                    .expect(
                        .app(AppCheck(HIITFitCheck.historyOrder([CalendarDay(year: 2026, month: 3, day: 2), day])))),
                    .expect(.app(AppCheck(HIITFitCheck.historyDaysOn(day, count: 2)))),
                    .expect(.app(AppCheck(HIITFitCheck.historyIDs([nil, first])))),
                ])
    }

    @Test(arguments: [
        ("done Squat on", "v.scenario:2:14: usage: done EXERCISE [on YYYY-MM-DD]"),
        ("done Squat on 2026-02-30", "v.scenario:2:15: no such date '2026-02-30'"),
        ("done Squat on March", "v.scenario:2:15: expected a date like 2026-03-01, found 'March'"),
        ("done Squat 2026-03-01", "v.scenario:2:12: expected 'on' before the date: 'done EXERCISE on 2026-03-01'"),
        ("done Sqat on 2026-03-01", "v.scenario:2:6: unknown exercise 'Sqat' (did you mean 'Squat'?)"),
        ("expect history order:", "v.scenario:2:22: usage: expect history order: YYYY-MM-DD, YYYY-MM-DD"),
        (
            "expect history order: 2026-03-01 2026-02-28",
            "v.scenario:2:34: expected ',' between entries, found '2026-02-28'"
        ),
        (
            "expect history order: 2026-03-01, yesterday",
            "v.scenario:2:35: expected a date like 2026-03-01, found 'yesterday'"
        ),
        (
            "expect history order 2026-03-01",
            "v.scenario:2:16: expected a colon right after 'order': 'expect history order: ...'"
        ),
        (
            "expect history oder: 2026-03-01",
            "v.scenario:2:16: expected 'empty', 'days N', 'order:', 'ids:' or a date like '2026-03-01:', "
                + "found 'oder:' (did you mean 'order:'?)"
        ),
        ("expect history days on 2026-03-01 2", "v.scenario:2:24: expected a colon after the date: '2026-03-01: N'"),
        ("expect history days on first: 2", "v.scenario:2:24: expected a date like 2026-03-01, found 'first'"),
        (
            "expect history days on 2026-03-01:",
            "v.scenario:2:35: usage: expect history days N | expect history days on YYYY-MM-DD: N"
        ),
        (
            "expect history days on 2026-03-01: 2 3",
            "v.scenario:2:38: unexpected '3' after 'expect history days on 2026-03-01: 2'"
        ),
        (
            "expect history ids: 5D1A1F3E",
            "v.scenario:2:21: expected a UUID like 5D1A1F3E-8C1B-4E8A-9F00-000000000001 or '*', found '5D1A1F3E'"
        ),
        (
            "expect history ids 5D1A1F3E",
            "v.scenario:2:16: expected a colon right after 'ids': 'expect history ids: ...'"
        ),
    ])
    func mistakesAreReportedAtTheirWord(_ line: String, _ message: String) {
        #expect(errors(line) == [message])
    }

    /// Runs `steps` on the hardened edition in this process; the failing line's text, or nil.
    func failingLine(_ steps: String) throws -> String? {
        let scenario = try ScenarioParser.parse("app hiitfit\n" + steps, file: "r.scenario", plugins: Self.plugins)
        let result = ScenarioRunner(edition: "hardened").run(scenario)
        return result.failure.map { "\($0.location.line): \($0.expected) / \($0.found)" }
    }

    @Test func theChecksHoldOnWhatTheAppShowsAndFailOtherwise() throws {
        let steps = """
            clock 2026-03-03 08:00 UTC
            launch
            done Squat
            done Burpee on 2026-03-01
            expect history order: 2026-03-03, 2026-03-01
            expect history days on 2026-03-01: 1
            expect history days on 2026-03-02: 0
            expect history ids: *, *

            """
        #expect(try failingLine(steps) == nil)
        #expect(
            try failingLine(steps + "expect history order: 2026-03-01, 2026-03-03\n")
                == "10: history order: 2026-03-01, 2026-03-03 / history order: 2026-03-03, 2026-03-01")
        #expect(
            try failingLine(steps + "expect history days on 2026-03-01: 2\n")
                == "10: 2 history days on 2026-03-01 / 2026-03-03: Squat; 2026-03-01: Burpee")
        #expect(
            try failingLine(steps + "expect history ids: *\n")?.hasPrefix("10: history ids: * / history ids: ") == true)
        #expect(
            try failingLine(steps + "expect history ids: *, 5D1A1F3E-8C1B-4E8A-9F00-000000000001\n")?
                .hasPrefix("10: history ids: *, 5D1A1F3E-8C1B-4E8A-9F00-000000000001 / ") == true)
    }

    @Test func aDateTwoDaysShareIsNoOneDaysDate() throws {
        let steps = """
            clock 2026-03-02 08:00 Asia/Tokyo
            launch
            done Squat
            timezone Europe/London
            clock +12h
            done Burpee
            timezone Asia/Tokyo
            expect history 2026-03-02: Burpee

            """
        #expect(
            try failingLine(steps)
                == "9: 2026-03-02: Burpee / 2 days on 2026-03-02: 2026-03-02: Burpee; 2026-03-02: Squat")
    }

    @Test func aDayAfterTodayIsNotOnThePicker() throws {
        let failure = try failingLine("clock 2026-03-03 08:00 UTC\nlaunch\ndone Squat on 2026-03-04\n")
        #expect(
            failure == "4: the user to be able to done Squat on 2026-03-04 / "
                + "2026-03-04 is after today: the date picker offers today and earlier days")
    }
}
