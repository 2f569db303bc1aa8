import Checklists
import Foundation
import Sandbox
import Testing

/// Hardened: explorer findings on reads the app cannot see through.
@Suite struct ChecklistConfirmedReadTests {
    let world = SimulatedWorld()
    let stored = checklistFile([("Milk", false), ("Eggs", true)])

    func launch() -> HardenedChecklistViewController {
        let screen = HardenedChecklistViewController(env: world.launch())
        screen.viewDidLoad()
        return screen
    }

    // The read and the existence check both said "missing" once: the app took it for a first
    // launch and its first save replaced the stored list.
    @Test func aMissingAnswerIsConfirmedByAnotherRead() {
        world.putFile(checklistPath, stored)
        world.arm(.on(.read, checklistPath, .missing))
        world.arm(.on(.exists, checklistPath, .missing))
        let screen = launch()
        #expect(screen.alert == nil)
        screen.addItem(text: "Bread")
        #expect(storedItems(world.fileData(checklistPath)) == ["Milk", "Eggs ✓", "Bread"])
    }

    // Unreadable at launch, then of another shape when the first change is saved: the app kept
    // a copy and replaced the list without telling the user.
    @Test func aListFoundUnreadableWhenSavingIsReportedWhenReplaced() {
        world.putFile(checklistPath, stored)
        world.arm(.on(.read, checklistPath, .permissionDenied, .every))
        let screen = launch()
        #expect(screen.alert?.title == "Checklists")
        screen.dismissAlert()
        world.disarmAll()
        world.arm(.on(.read, checklistPath, .wrongType, .every))
        screen.addItem(text: "Bread")
        #expect(screen.alert?.title == "Checklists")
        #expect(world.fileData(checklistPath + ".unreadable-1") != nil)
    }

    // One read gave corrupted bytes: they must not be taken for the list.
    @Test(arguments: 0..<16)
    func aCorruptedReadIsReadAgain(seed: UInt64) {
        let world = SimulatedWorld(seed: seed)
        world.putFile(checklistPath, stored)
        world.arm(.on(.read, checklistPath, .corruptRead))
        let screen = HardenedChecklistViewController(env: world.launch())
        screen.viewDidLoad()
        #expect(screen.alert == nil)
        #expect(screen.items.map(\.summary) == ["Milk", "Eggs ✓"])
    }
}
