import Checklists
import Foundation
import Sandbox
import Testing

/// The book's later-chapter data model (several lists, item ids), flaws included.
@Suite struct DataModelBookTests {
    let world = SimulatedWorld()

    func launch() -> DataModel {
        let model = DataModel(env: world.launch())
        model.viewDidAppear()
        return model
    }

    @Test func theFirstLaunchMakesOneListNamedListOpensItAndWritesNothing() {
        let model = launch()
        #expect(model.lists.map(\.name) == ["List"])
        #expect(model.openList === model.lists.first)
        #expect(model.indexOfSelectedChecklist == 0)
        #expect(world.fileData(checklistPath) == nil)
        #expect(world.persistedDefaultsValue(forKey: "FirstTime") == .bool(false))
    }

    @Test func itemChangesAreSavedAtOnceListChangesOnlyAtBackground() {
        let model = launch()
        model.addItem(text: "Milk")
        model.toggleChecked(at: 0)
        #expect(storedLists(world.fileData(checklistPath)) == ["List: Milk ✓ #0"])
        model.closeChecklist()
        model.addChecklist(name: "Groceries")
        model.renameChecklist(at: 1, to: "Chores")
        #expect(model.lists.map(\.name) == ["Chores", "Groceries"], "sorted by name")
        #expect(storedLists(world.fileData(checklistPath)) == ["List: Milk ✓ #0"])
        model.sceneDidEnterBackground()
        #expect(storedLists(world.fileData(checklistPath)) == ["Chores: Milk ✓ #0", "Groceries:"])
    }

    @Test func aKillBeforeTheFirstBackgroundLeavesNoList() {
        _ = launch()
        world.crash(.kill)
        let model = launch()
        #expect(model.lists.isEmpty)
        #expect(model.openList == nil)
    }

    @Test func theCounterHandsOutEachIdOnceAndFlushesIt() {
        let model = launch()
        model.addItem(text: "Milk")
        model.addItem(text: "Eggs")
        #expect(model.lists[0].items.map(\.itemID) == [0, 1])
        #expect(world.persistedDefaultsValue(forKey: "ChecklistItemID") == .integer(2))
        world.crash(.kill)
        let relaunched = launch()
        relaunched.openChecklist(at: 0)
        relaunched.addItem(text: "Bread")
        #expect(relaunched.lists[0].items.map(\.itemID) == [0, 1, 2])
    }

    @Test func theOneListFileIsOnlyPrintedAndShownAsAnEmptyList() {
        world.putFile(checklistPath, checklistFile([("Milk", false)]))
        let model = launch()
        #expect(model.lists.map(\.summary) == ["List:"])
        #expect(world.printedLines.contains { $0.hasPrefix("Error decoding list array") })
        model.sceneDidEnterBackground()
        #expect(storedLists(world.fileData(checklistPath)) == ["List:"])
    }
}
