import ChecklistsPlugin
import Foundation
import HIITFitPlugin
import Harness
import NamesToFacesPlugin
import Sandbox
import Testing

/// The commands of a one-app scenario whose script is `lines`.
private func commands(_ app: String, _ lines: String, fixtures: String = "") throws -> [Command] {
    try ScenarioParser.parse("app \(app)\n\(lines)\n\(fixtures)", file: "t.scenario", plugins: .shipped).steps.map(
        \.command)
}

private func command(_ app: String, _ line: String, fixtures: String = "") throws -> Command {
    let all = try commands(app, line, fixtures: fixtures)
    #expect(all.count == 1)
    return all[0]
}

@Suite struct ScenarioParserTests {
    @Test func theDesignExample() throws {
        let text = """
            # Scenarios/hiitfit/reports/crash-during-save.scenario
            # "My phone died while I tapped Done and yesterday's workout vanished."
            app hiitfit
            clock 2026-03-01 08:00 Europe/London
            launch
            done Squat
            done Burpee
            clock +1d
            fault write Documents/history.plist partial 100 power-loss
            done Sun Salute   # the tap that lost everything
            expect crashed
            launch
            ! expect alert
            [edition:hardened] expect history 2026-03-01: Squat, Burpee
            """
        let scenario = try ScenarioParser.parse(text, file: "crash.scenario", plugins: .shipped)
        #expect(scenario.app == "hiitfit")
        #expect(scenario.file == "crash.scenario")
        #expect(
            scenario.header == [
                "Scenarios/hiitfit/reports/crash-during-save.scenario",
                "\"My phone died while I tapped Done and yesterday's workout vanished.\"",
            ])
        #expect(
            scenario.steps.map(\.command) == [
                .setClock(ClockSetting(year: 2026, month: 3, day: 1, hour: 8, minute: 0, timeZone: "Europe/London")),
                .launch, .action(PluginValue(HIITFitAction.done("Squat"))),
                .action(PluginValue(HIITFitAction.done("Burpee"))),
                .advanceClock(ClockOffset(days: 1)),
                .fault(
                    FaultRule(
                        kind: .write, path: PathPattern("Documents/history.plist"),
                        fault: .partialWrite(bytes: 100, then: .crash(.powerLoss)))),
                .action(PluginValue(HIITFitAction.done("Sun Salute"))), .expect(.crashed), .launch,
                .expect(.alert(nil)),
                .expect(
                    .app(
                        AppCheck(HIITFitCheck.historyDay(year: 2026, month: 3, day: 1, exercises: ["Squat", "Burpee"])))
                ),
            ])
        let done = scenario.steps[6]
        #expect(done.text == "done Sun Salute")
        #expect(done.location == ScenarioLocation(file: "crash.scenario", line: 10, column: 1))
        #expect(scenario.steps[9].negated)
        #expect(!scenario.steps[8].negated)
        #expect(scenario.steps[10].condition == Condition(edition: "hardened"))
        #expect(scenario.steps[10].text == "[edition:hardened] expect history 2026-03-01: Squat, Burpee")
    }

    @Test func lifecycleAndWorld() throws {
        let lines = """
            launch
            background
            exit
            kill
            power-loss
            power-loss drop
            seed 18446744073709551615
            clock 2024-02-29 23:59:30
            clock -2h30m
            clock +1d2h
            clock +45s
            timezone Asia/Tokyo
            defaults flush never
            defaults flush on-exit
            defaults remove ratings
            rm Documents/history.plist
            faults clear
            """
        #expect(
            try commands("hiitfit", lines) == [
                .launch, .background, .exit, .kill, .powerLoss(dropUnsynced: false), .powerLoss(dropUnsynced: true),
                .seed(UInt64.max),
                .setClock(ClockSetting(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 30)),
                .advanceClock(ClockOffset(hours: -2, minutes: -30)), .advanceClock(ClockOffset(days: 1, hours: 2)),
                .advanceClock(ClockOffset(seconds: 45)), .timeZone("Asia/Tokyo"),
                .flushPolicy(.never), .flushPolicy(.onExit), .removeDefault(key: "ratings"),
                .removeFile(path: "Documents/history.plist"), .clearFaults,
            ])
    }

    @Test func defaultsValues() throws {
        let lines = """
            defaults set ratings string 0400
            defaults set title string Morning   run
            defaults set quoted string "two  spaces # not a comment"
            defaults set empty string ""
            defaults set count int -3
            defaults set ratio real 1.5
            defaults set on bool YES
            defaults set off bool false
            defaults set when date 2026-03-01T08:00:00Z
            defaults set blob data de ad BEEF
            defaults set nothing data ""
            defaults set people plist people.plist
            """
        let fixture = "-- people.plist (xml-text) --\n<plist version=\"1.0\"><array/></plist>"
        #expect(
            try commands("namestofaces", lines, fixtures: fixture) == [
                .setDefault(key: "ratings", value: .literal(.string("0400"))),
                .setDefault(key: "title", value: .literal(.string("Morning run"))),
                .setDefault(key: "quoted", value: .literal(.string("two  spaces # not a comment"))),
                .setDefault(key: "empty", value: .literal(.string(""))),
                .setDefault(key: "count", value: .literal(.integer(-3))),
                .setDefault(key: "ratio", value: .literal(.real(1.5))),
                .setDefault(key: "on", value: .literal(.bool(true))),
                .setDefault(key: "off", value: .literal(.bool(false))),
                .setDefault(key: "when", value: .literal(.date(Date(timeIntervalSince1970: 1_772_352_000)))),
                .setDefault(key: "blob", value: .literal(.data(Data([0xDE, 0xAD, 0xBE, 0xEF])))),
                .setDefault(key: "nothing", value: .literal(.data(Data()))),
                .setDefault(key: "people", value: .fixture("people.plist")),
            ])
    }

    @Test func faults() throws {
        let lines = """
            fault urls Documents no-url
            fault read Documents/*.plist missing every
            fault write Documents/history.plist partial 0 error nth 2
            fault write ** partial 12 kill
            fault get defaults:ratings wrong-type
            fault write Documents/a disk-full
            fault rename Documents/a permission
            fault sync ** io-error every
            fault read Documents/a corrupt
            fault set defaults:* crash-before
            fault rename ** crash-after power-loss nth 3
            fault remove ** crash-before kill every
            fault list Documents io-error from 2
            fault set defaults:moved crash-after-flush
            """
        func rule(_ kind: OperationKind, _ path: String, _ fault: Fault, _ occurrence: FaultRule.Occurrence = .nth(1))
            -> Command
        {
            .fault(FaultRule(kind: kind, path: PathPattern(path), occurrence: occurrence, fault: fault))
        }
        #expect(
            try commands("checklists", lines) == [
                rule(.urls, "Documents", .noURL),
                rule(.read, "Documents/*.plist", .missing, .every),
                rule(.write, "Documents/history.plist", .partialWrite(bytes: 0, then: .error), .nth(2)),
                rule(.write, "**", .partialWrite(bytes: 12, then: .crash(.kill))),
                rule(.get, "defaults:ratings", .wrongType),
                rule(.write, "Documents/a", .diskFull),
                rule(.rename, "Documents/a", .permissionDenied),
                rule(.sync, "**", .ioError, .every),
                rule(.read, "Documents/a", .corruptRead),
                rule(.set, "defaults:*", .crashBefore(.kill)),
                rule(.rename, "**", .crashAfter(.powerLoss), .nth(3)),
                rule(.remove, "**", .crashBefore(.kill), .every),
                rule(.list, "Documents", .ioError, .from(2)),
                rule(.set, "defaults:moved", .crashAfterFlush(.kill)),
            ])
    }

    @Test func actionsOfEachApp() throws {
        #expect(
            try commands("hiitfit", "done Step Up\nrate Sun Salute 4\nrate Squat 0\ntab 2") == [
                .action(PluginValue(HIITFitAction.done("Step Up"))),
                .action(PluginValue(HIITFitAction.rate(exercise: "Sun Salute", rating: 4))),
                .action(PluginValue(HIITFitAction.rate(exercise: "Squat", rating: 0))),
                .action(PluginValue(HIITFitAction.tab(2))),
            ])
        let items =
            "item add Buy #2 milk\nitem add \"Say \\\"hi\\\" \\\\ bye\"\n"
            + "item edit 0 Buy oat milk\nitem toggle 1\nitem delete 0"
        #expect(
            try commands("checklists", items) == [
                .action(PluginValue(ChecklistAction.add("Buy"))),
                .action(PluginValue(ChecklistAction.add("Say \"hi\" \\ bye"))),
                .action(PluginValue(ChecklistAction.edit(index: 0, text: "Buy oat milk"))),
                .action(PluginValue(ChecklistAction.toggle(index: 1))),
                .action(PluginValue(ChecklistAction.delete(index: 0))),
            ])
        #expect(
            try commands("namestofaces", "person add Alice B\nperson rename 0 Alicia") == [
                .action(PluginValue(PersonAction.add("Alice B"))),
                .action(PluginValue(PersonAction.rename(index: 0, name: "Alicia"))),
            ])
    }

    @Test func appExpectations() throws {
        let lines = """
            expect crashed
            expect trapped
            expect trapped Index out of range
            expect alert Could not save
            expect printed saved 3 days
            expect history empty
            expect history days 2
            expect history 2026-03-01:
            expect history 2026-03-01: Sun Salute,Step Up
            expect rating Step Up 4
            expect ratings 0400
            expect tab 1
            """
        #expect(
            try commands("hiitfit", lines) == [
                .expect(.crashed), .expect(.trapped(nil)), .expect(.trapped("Index out of range")),
                .expect(.alert("Could not save")), .expect(.printed("saved 3 days")),
                .expect(.app(AppCheck(HIITFitCheck.historyDays(0)))),
                .expect(.app(AppCheck(HIITFitCheck.historyDays(2)))),
                .expect(.app(AppCheck(HIITFitCheck.historyDay(year: 2026, month: 3, day: 1, exercises: [])))),
                .expect(
                    .app(
                        AppCheck(
                            HIITFitCheck.historyDay(year: 2026, month: 3, day: 1, exercises: ["Sun Salute", "Step Up"]))
                    )),
                .expect(.app(AppCheck(HIITFitCheck.rating(exercise: "Step Up", value: 4)))),
                .expect(.app(AppCheck(HIITFitCheck.ratings("0400")))), .expect(.app(AppCheck(HIITFitCheck.tab(1)))),
            ])
        #expect(
            try commands("checklists", "expect items empty\nexpect items: [x] Buy milk, [ ] Walk dog, [x] \"a, b\"")
                == [
                    .expect(.app(AppCheck(ChecklistCheck(rows: [])))),
                    .expect(
                        .app(
                            AppCheck(
                                ChecklistCheck(rows: [
                                    ChecklistRow(text: "Buy milk", checked: true),
                                    ChecklistRow(text: "Walk dog", checked: false),
                                    ChecklistRow(text: "a, b", checked: true),
                                ])))),
                ])
        #expect(
            try commands("namestofaces", "expect people empty\nexpect people: Alice, Bob Smith\nexpect people:") == [
                .expect(.app(AppCheck(PeopleCheck(names: [])))),
                .expect(.app(AppCheck(PeopleCheck(names: ["Alice", "Bob Smith"])))),
                .expect(.app(AppCheck(PeopleCheck(names: [])))),
            ])
    }

    @Test func storageExpectations() throws {
        let lines = """
            file Documents/history.plist
            expect file Documents/history.plist exists
            expect file Documents/gone absent
            expect file Documents/history.plist unchanged
            expect file Documents/history.plist plist array of 2
            expect file Documents/history.plist plist string
            expect file Documents/history.plist bytes 120
            expect files tmp/* 0
            expect defaults ratings string 0400
            expect defaults ratings absent
            expect persisted count int 3
            expect persisted count absent
            expect ops write Documents/** 2
            expect ops get defaults:ratings 1
            expect ops now * 5
            """
        let fixture = "-- Documents/history.plist --\nhello"
        #expect(
            try commands("hiitfit", lines, fixtures: fixture) == [
                .putFile(path: "Documents/history.plist"),
                .expect(.file(path: "Documents/history.plist", .exists)),
                .expect(.file(path: "Documents/gone", .absent)),
                .expect(.file(path: "Documents/history.plist", .unchanged)),
                .expect(.file(path: "Documents/history.plist", .plist(shape: "array of 2"))),
                .expect(.file(path: "Documents/history.plist", .plist(shape: "string"))),
                .expect(.file(path: "Documents/history.plist", .bytes(120))),
                .expect(.fileCount(pattern: PathPattern("tmp/*"), count: 0)),
                .expect(.defaultsValue(key: "ratings", value: .string("0400"))),
                .expect(.defaultsValue(key: "ratings", value: nil)),
                .expect(.persistedValue(key: "count", value: .integer(3))),
                .expect(.persistedValue(key: "count", value: nil)),
                .expect(.operationCount(kind: .write, pattern: PathPattern("Documents/**"), count: 2)),
                .expect(.operationCount(kind: .get, pattern: PathPattern("defaults:ratings"), count: 1)),
                .expect(.operationCount(kind: .now, pattern: PathPattern("*"), count: 5)),
            ])
    }

    @Test func conditionsAndNegation() throws {
        let text =
            "app hiitfit\n[edition:book] launch\n[!edition:hardened] ! expect crashed\n"
            + "[edition:hardened] expect tab 0\n! expect alert"
        let steps = try ScenarioParser.parse(text, file: "c", plugins: .shipped).steps
        #expect(
            steps.map(\.condition) == [
                Condition(edition: "book"), Condition(edition: "hardened", negated: true),
                Condition(edition: "hardened"), nil,
            ])
        #expect(steps.map(\.negated) == [false, true, false, true])
        #expect(steps[1].condition!.holds(for: "book"))
        #expect(!steps[1].condition!.holds(for: "hardened"))
    }

    @Test func commentsBlankLinesAndHeader() throws {
        let text =
            "\n# Story.\n#\n#   indented\n\n# More.\n\napp checklists\n# not header\n"
            + "  launch  # comment\n\titem add a#b \"#c\" # gone\n"
        let scenario = try ScenarioParser.parse(text, file: "h", plugins: .shipped)
        #expect(scenario.header == ["Story.", "", "  indented", "", "More."])
        #expect(scenario.steps.map(\.command) == [.launch, .action(PluginValue(ChecklistAction.add("a#b #c")))])
        #expect(scenario.steps.map(\.text) == ["launch", "item add a#b \"#c\""])
        #expect(scenario.steps.map(\.location.line) == [10, 11])
        #expect(scenario.steps.map(\.location.column) == [3, 2])
    }

    @Test func crlfLineEndings() throws {
        let scenario = try ScenarioParser.parse(
            "app hiitfit\r\nlaunch\r\nfile a\r\n-- a --\r\nx\r\n", file: "w", plugins: .shipped)
        #expect(scenario.steps.map(\.command) == [.launch, .putFile(path: "a")])
        #expect(scenario.fixtures[0].data == Data("x\n".utf8))
    }

    @Test func fixturesOfEveryEncoding() throws {
        let text = """
            app checklists
            file Documents/Checklists.plist
            file notes.txt
            file raw.bin
            file b64.bin
            file Library/x.plist
            -- Documents/Checklists.plist (xml) --
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <array><dict><key>text</key><string>Buy milk</string><key>checked</key><true/></dict></array>
            </plist>
            -- notes.txt --
            line one
              -- not a header
            -- raw.bin (hex) --
            00 01 fe
            FF
            -- b64.bin (base64) --
            aGVs
            bG8=
            -- Library/x.plist (xml-text) --
            <plist version="1.0"><string>x</string></plist>
            """
        let scenario = try ScenarioParser.parse(text, file: "f", plugins: .shipped)
        #expect(
            scenario.fixtures.map(\.name) == [
                "Documents/Checklists.plist", "notes.txt", "raw.bin", "b64.bin", "Library/x.plist",
            ])
        #expect(scenario.fixtures.map(\.encoding) == [.xml, .text, .hex, .base64, .xmlText])
        #expect(scenario.fixtures.map(\.location.line) == [7, 12, 15, 18, 21])
        #expect(scenario.fixtures[0].location == ScenarioLocation(file: "f", line: 7, column: 4))
        let binary = scenario.fixtures[0].data
        #expect(binary.starts(with: Data("bplist00".utf8)))
        #expect(
            try PlistValue(propertyList: binary)
                == .array([.dictionary(["text": .string("Buy milk"), "checked": .bool(true)])]))
        #expect(scenario.fixture(named: "notes.txt")?.data == Data("line one\n  -- not a header\n".utf8))
        #expect(scenario.fixtures[2].data == Data([0, 1, 0xFE, 0xFF]))
        #expect(scenario.fixtures[3].data == Data("hello".utf8))
        #expect(scenario.fixtures[4].data == Data("<plist version=\"1.0\"><string>x</string></plist>\n".utf8))
    }

    @Test func readsFilesFromDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parser-\(UUID().uuidString).scenario")
        try Data("app hiitfit\nlaunch\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let scenario = try ScenarioParser.parse(contentsOf: url, displayPath: "x/y.scenario", plugins: .shipped)
        #expect(scenario.file == "x/y.scenario")
        #expect(scenario.steps.map(\.command) == [.launch])
    }

    @Test func anUnreadableFileIsReportedByPath() {
        let url = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).scenario")
        #expect {
            _ = try ScenarioParser.parse(contentsOf: url, displayPath: "missing.scenario", plugins: .shipped)
        } throws: { error in
            (error as? ScenarioErrors)?.description == "missing.scenario: cannot read: no such file"
        }
    }
}
