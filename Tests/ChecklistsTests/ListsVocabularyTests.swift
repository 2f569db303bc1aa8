import ChecklistsPlugin
import Harness
import Testing

/// The lists variant's words: every mistake named at its line and column, and what a run of them
/// reports when the app cannot do what the step asks.
@Suite struct ListsVocabularyTests {
    static let plugins = try! PluginRegistry([.checklists])

    func errors(_ text: String) -> [String] {
        do {
            _ = try ScenarioParser.parse(text, file: "m.scenario", plugins: Self.plugins)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    func run(_ text: String, edition: String = "hardened") throws -> RunResult {
        ScenarioRunner(edition: edition).run(try ScenarioParser.parse(text, file: "r.scenario", plugins: Self.plugins))
    }

    @Test func mistakesInListStepsAreReportedAtTheirWord() {
        let text = """
            app checklists lists
            launch
            list ad Work
            list rename 0
            list open first
            list delete 0 1
            list
            expect lists Work
            expect item idz unique
            expect item ids
            expect item ids unique now

            """
        #expect(
            errors(text) == [
                "m.scenario:3:6: unknown list action 'ad' (did you mean 'add'?)",
                "m.scenario:4:14: usage: list rename N NAME",
                "m.scenario:5:11: expected a whole number, found 'first'",
                "m.scenario:6:15: unexpected '1' after 'list delete 0'",
                "m.scenario:7:5: usage: list add NAME | list rename N NAME | list delete N | list open N",
                "m.scenario:8:14: expected 'empty' or a colon right after 'lists', found 'Work'",
                "m.scenario:9:13: unknown item check 'idz' (did you mean 'ids'?)",
                "m.scenario:10:16: usage: expect item ids unique",
                "m.scenario:11:24: unexpected 'now' after 'expect item ids unique'",
            ])
    }

    @Test func aMisspelledVariantIsNamed() {
        #expect(
            errors("app checklists list\n") == [
                "m.scenario:1:16: unknown checklists variant 'list' (did you mean 'lists'?)"
            ])
    }

    @Test func listStepsInTheOneListAppFailAndSaySo() throws {
        let oneList = "app checklists\nlaunch\n"
        for text in [oneList + "list add Work\n", oneList + "expect lists: List\n", oneList + "! expect lists: List\n"]
        {
            let result = try run(text)
            #expect(result.outcome == .failed)
            #expect(result.failure?.found == "this app has one list: named lists are 'app checklists lists'")
        }
    }

    @Test func itemStepsNeedAnOpenList() throws {
        let text = "app checklists lists\nlaunch\nlist add Work\nitem add Milk\n"
        let result = try run(text)
        #expect(result.outcome == .failed)
        #expect(result.failure?.found == "no list is open: 'list open N' opens one")
        let closed = "app checklists lists\nlaunch\nlist add Work\n"
        #expect(try run(closed + "expect items empty\n").passed, "no list open: the screen shows no rows")
        #expect(try run(closed + "expect items: [ ] Milk\n").failure?.found == "no list open")
        #expect(try run(closed + "! expect items: [ ] Milk\n").failure?.found == "no list open", "nothing to look in")
        #expect(try !run(closed + "! expect items empty\n").passed)
    }

    @Test func aListThatIsNotShownCannotBeTapped() throws {
        let result = try run("app checklists lists\nlaunch\nlist open 1\n")
        #expect(result.failure?.found == "there is no list 1: the screen shows 1 lists")
    }

    @Test func repeatedIdsAreNamed() throws {
        let text = """
            app checklists lists
            launch
            item add Milk
            defaults remove ChecklistItemID
            item add Eggs
            expect item ids unique

            """
        #expect(try run(text).passed)
        let book = try run(text, edition: "book")
        #expect(book.failure?.found == "ids 0, 0 (0 more than once)")
    }

    @Test func idsKeptFollowsTheItemsIds() throws {
        let added = "app checklists lists\nlaunch\nlist open 0\nitem add Milk\nitem add Eggs\nkill\n"
        #expect(try run(added + "launch\nexpect ids kept\n").passed)
        let lost = try run(added + "rm @items\nlaunch\nexpect ids kept\n")
        #expect(lost.failure?.found == "missing: 0, 1")
    }
}
