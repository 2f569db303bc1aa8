import Checklists
import Foundation
import Sandbox
import Testing

/// What the hardened edition of the Checklists screen does differently, and the loss each change prevents.
@Suite struct ChecklistHardenedTests {
    let world = SimulatedWorld()
    let stored = checklistFile([("Milk", false), ("Eggs", true)])

    func launch() -> HardenedChecklistViewController {
        let screen = HardenedChecklistViewController(env: world.launch())
        screen.viewDidLoad()
        return screen
    }

    @Test func firstLaunchAndEveryChangeWorkAsInTheBook() {
        let screen = launch()
        #expect(screen.items.isEmpty)
        #expect(screen.alert == nil)
        screen.addItem(text: "Milk")
        screen.addItem(text: "Eggs")
        screen.toggleChecked(at: 1)
        screen.editItem(at: 0, text: "Oat milk")
        screen.deleteItem(at: 0)
        #expect(storedItems(world.fileData(checklistPath)) == ["Eggs ✓"])
        #expect(screen.alert == nil)
    }

    @Test func theBooksFileLoads() {
        world.putFile(checklistPath, stored)
        #expect(launch().items.map(\.summary) == ["Milk", "Eggs ✓"])
    }

    // The book trapped on paths[0].
    @Test func noDocumentsURLIsReportedNotATrap() {
        world.arm(.on(.urls, "Documents", .noURL, .every))
        let screen = launch()
        #expect(screen.alert?.title == "Checklists")
        #expect(screen.documentsDirectoryIfAvailable() == nil)
        #expect(screen.dataFilePathIfAvailable() == nil)
        screen.dismissAlert()
        screen.addItem(text: "Milk")
        #expect(screen.alert?.title == "Checklists")
        #expect(screen.items.map(\.summary) == ["Milk"])
    }

    @Test func aOneOffEmptyDocumentsLookupIsAskedAgain() {
        world.putFile(checklistPath, stored)
        world.arm(.on(.urls, "Documents", .noURL))
        let screen = launch()
        #expect(screen.alert == nil)
        #expect(screen.items.count == 2)
    }

    // The book took any read error for a first launch, then saved over the list.
    @Test(arguments: [Fault.ioError, .permissionDenied, .missing, .corruptRead, .wrongType])
    func aOneOffReadFaultIsReadAgain(fault: Fault) {
        world.putFile(checklistPath, stored)
        world.arm(.on(.read, checklistPath, fault))
        let screen = launch()
        #expect(screen.alert == nil)
        #expect(screen.items.map(\.summary) == ["Milk", "Eggs ✓"])
    }

    @Test func aFileThatCannotBeReadIsReportedAndNeverReplaced() {
        world.putFile(checklistPath, stored)
        world.arm(.on(.read, checklistPath, .ioError, .every))
        let screen = launch()
        #expect(screen.alert?.title == "Checklists")
        screen.dismissAlert()
        screen.addItem(text: "Bread")
        #expect(screen.alert?.message.contains("could not be saved") == true)
        #expect(world.fileData(checklistPath) == stored)
    }

    @Test func aFileThatCanBeReadLaterIsMergedBeforeTheSave() {
        world.putFile(checklistPath, stored)
        world.arm(.on(.read, checklistPath, .ioError, .nth(1)))
        world.arm(.on(.read, checklistPath, .ioError, .nth(2)))
        let screen = launch()
        #expect(screen.alert?.title == "Checklists")
        screen.addItem(text: "Bread")
        #expect(screen.items.map(\.summary) == ["Milk", "Eggs ✓", "Bread"])
        #expect(storedItems(world.fileData(checklistPath)) == ["Milk", "Eggs ✓", "Bread"])
    }

    // The book printed the decode error and saved over the file with no copy.
    @Test func anUnreadableFileIsReportedAndCopiedBeforeItIsReplaced() {
        let garbage = Data("garbage".utf8)
        world.putFile(checklistPath, garbage)
        let screen = launch()
        #expect(screen.alert?.title == "Checklists")
        #expect(world.fileData(checklistPath + ".unreadable-1") == nil)
        screen.addItem(text: "Bread")
        #expect(world.fileData(checklistPath + ".unreadable-1") == garbage)
        #expect(storedItems(world.fileData(checklistPath)) == ["Bread"])
        let relaunched = launch()
        #expect(relaunched.alert == nil)
        #expect(relaunched.items.map(\.summary) == ["Bread"])
    }

    @Test func whenTheCopyCannotBeWrittenTheFileIsNotReplaced() {
        let garbage = Data("garbage".utf8)
        world.putFile(checklistPath, garbage)
        let screen = launch()
        world.arm(.on(.write, "Documents/*", .diskFull))
        screen.addItem(text: "Bread")
        #expect(world.fileData(checklistPath) == garbage)
        screen.addItem(text: "Jam")
        #expect(world.fileData(checklistPath + ".unreadable-1") == garbage)
        #expect(storedItems(world.fileData(checklistPath)) == ["Bread", "Jam"])
    }

    // The book only printed a failed save: the user believed the change was kept.
    @Test func aFailedSaveIsReportedAndTheNextSaveWritesIt() {
        let screen = launch()
        world.arm(.on(.write, "Documents/*", .diskFull))
        screen.addItem(text: "Milk")
        #expect(screen.alert?.message.contains("could not be saved") == true)
        screen.addItem(text: "Eggs")
        #expect(storedItems(world.fileData(checklistPath)) == ["Milk", "Eggs"])
    }

    @Test func rowsThatAreNotThereAreIgnored() {
        world.putFile(checklistPath, stored)
        let screen = launch()
        screen.toggleChecked(at: 5)
        screen.editItem(at: -1, text: "x")
        screen.deleteItem(at: 2)
        #expect(screen.items.map(\.summary) == ["Milk", "Eggs ✓"])
        #expect(world.fileData(checklistPath) == stored)
    }
}
