import Checklists
import Foundation
import Sandbox
import Testing

/// The hardened data model of the lists variant: the book's API and file format, nothing lost.
@Suite struct HardenedDataModelTests {
    let world = SimulatedWorld()
    let stored = listsFile([
        ("Groceries", [("Milk", false, 0), ("Eggs", true, 1)]), ("Work", [("Report", false, 2)]),
    ])

    func launch() -> HardenedDataModel {
        let model = HardenedDataModel(env: world.launch())
        model.viewDidAppear()
        return model
    }

    @Test func theFirstListIsSavedBeforeFirstTimeIsCleared() {
        let model = launch()
        #expect(model.lists.map(\.name) == ["List"])
        #expect(model.openList === model.lists.first)
        #expect(storedLists(world.fileData(checklistPath)) == ["List:"])
        world.crash(.kill)
        let relaunched = launch()
        #expect(relaunched.lists.map(\.name) == ["List"])
        #expect(relaunched.alert == nil)
    }

    @Test func storedListsWithoutTheFirstTimeFlagGetNoSecondList() {
        world.putFile(checklistPath, stored)
        let model = launch()
        #expect(model.lists.map(\.name) == ["Groceries", "Work"])
        #expect(world.persistedDefaultsValue(forKey: "FirstTime") == .bool(false))
    }

    @Test func everyListChangeIsSavedAtOnce() {
        world.putFile(checklistPath, stored)
        let model = launch()
        model.addChecklist(name: "Errands")
        #expect(
            storedLists(world.fileData(checklistPath)) == [
                "Errands:", "Groceries: Milk #0, Eggs ✓ #1", "Work: Report #2",
            ])
        model.renameChecklist(at: 2, to: "Chores")
        #expect(model.lists.map(\.name) == ["Chores", "Errands", "Groceries"], "sorted by name")
        model.deleteChecklist(at: 1)
        #expect(storedLists(world.fileData(checklistPath)) == ["Chores: Report #2", "Groceries: Milk #0, Eggs ✓ #1"])
    }

    @Test func theOneListFileBecomesAListNamedListWithIdsSavedAtOnce() {
        world.putFile(checklistPath, checklistFile([("Milk", false), ("Walk the dog", true)]))
        let model = launch()
        #expect(model.alert == nil)
        #expect(model.lists.map(\.summary) == ["List: Milk #0, Walk the dog ✓ #1"])
        #expect(storedLists(world.fileData(checklistPath)) == ["List: Milk #0, Walk the dog ✓ #1"])
        world.crash(.kill)
        #expect(launch().lists.map(\.summary) == ["List: Milk #0, Walk the dog ✓ #1"], "the ids last")
    }

    @Test func aLostCounterNeverHandsOutAStoredIdAgain() {
        world.putFile(checklistPath, stored)
        let model = launch()
        model.openChecklist(at: 1)
        model.addItem(text: "Call Alex")
        #expect(model.lists[1].items.map(\.itemID) == [2, 3])
        #expect(world.persistedDefaultsValue(forKey: "ChecklistItemID") == .integer(4))
    }

    @Test func aFailedSaveIsToldAndMadeGoodByTheNext() {
        world.putFile(checklistPath, stored)
        let model = launch()
        world.arm(.on(.write, checklistPath, .diskFull, .nth(1)))
        model.addChecklist(name: "Errands")
        #expect(model.alert?.message == "Your last change could not be saved.")
        model.dismissAlert()
        model.renameChecklist(at: 0, to: "Chores")
        #expect(model.alert == nil)
        #expect(storedLists(world.fileData(checklistPath))?.first == "Chores:")
    }

    @Test func unreadableBytesAreToldAndKeptBeforeTheyAreReplaced() {
        let garbage = Data("not a property list".utf8)
        world.putFile(checklistPath, garbage)
        let model = launch()
        #expect(model.alert?.title == "Checklists")
        #expect(model.lists.isEmpty, "no first list over a file it could not read")
        model.addChecklist(name: "Errands")
        #expect(world.fileData(checklistPath + ".unreadable-1") == garbage)
        #expect(storedLists(world.fileData(checklistPath)) == ["Errands:"])
    }

    @Test func aRefusedReadIsToldAndTheStoredListsAreMergedAtTheNextSave() {
        world.putFile(checklistPath, stored)
        world.putDefaultsValue(.bool(false), forKey: "FirstTime")
        world.arm(.on(.read, checklistPath, .permissionDenied, .nth(1)))
        world.arm(.on(.read, checklistPath, .permissionDenied, .nth(2)))
        let model = launch()
        #expect(model.alert?.title == "Checklists")
        #expect(model.lists.isEmpty)
        model.addChecklist(name: "Errands")
        #expect(model.lists.map(\.name) == ["Errands", "Groceries", "Work"])
        #expect(storedLists(world.fileData(checklistPath))?.count == 3)
    }
}
