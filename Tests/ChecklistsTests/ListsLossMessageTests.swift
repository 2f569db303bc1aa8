import Harness
import Testing

/// A lost item of the lists variant is named in the verdict as the item it is, in its list.
@Suite struct ListsLossMessageTests {
    @Test func aLostItemEditNamesTheItem() throws {
        let text = """
            app checklists lists
            launch
            list open 0
            item add Milk
            background
            item edit 0 Oat milk
            kill
            launch
            """
        let scenario = try ScenarioParser.parse(text, file: "t.scenario", plugins: OwnTypesPortTests.plugins)
        let lost = ScenarioRunner(edition: "own-types-at-background").run(scenario)
        #expect(lost.verdict == .dataLoss)
        #expect(
            lost.verdictMessage
                == #"relaunch at line 8: items ("List", "Oat milk", false) acknowledged at line 6 is missing"#)
    }
}
