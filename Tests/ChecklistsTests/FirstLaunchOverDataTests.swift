import ChecklistsPlugin
import Harness
import Testing

/// Lists a launch could not read, with no `FirstTime` flag: the book takes it for a first launch, shows a new
/// "List" and saves it over them. Showing that list is showing none of the stored data.
@Suite struct FirstLaunchOverDataTests {
    static let plugins = try! PluginRegistry([.checklists])

    static func run(edition: String) throws -> RunResult {
        let text = """
            app checklists lists
            file @items
            launch
            background
            kill
            launch
            -- @items --
            [{"name": "Groceries", "items": [{"text": "Buy milk"}]}]
            """
        return ScenarioRunner(edition: edition).run(
            try ScenarioParser.parse(text, file: "t.scenario", plugins: plugins))
    }

    @Test func aFirstLaunchListSavedOverListsTheAppCouldNotReadIsASilentOverwrite() throws {
        let book = try Self.run(edition: "book")
        #expect(book.verdict == .silentOverwrite)
        #expect(
            book.verdictMessage
                == "launch at line 3: @items holds data the app does not show, and no alert was raised; its data is "
                + "nowhere in the container now")
        // Told, and the file kept: no loss.
        #expect(try Self.run(edition: "hardened").verdict == .alerted)
    }
}
