import Checklists
import Foundation
import Sandbox
import Testing

/// The book edition of the Checklists list screen, flaws included.
@Suite struct ChecklistBookTests {
    let world = SimulatedWorld()

    func launch(startingWith items: [ChecklistItem] = []) -> ChecklistViewController {
        let screen = ChecklistViewController(env: world.launch())
        screen.items = items
        screen.viewDidLoad()
        return screen
    }

    @Test func firstLaunchShowsAnEmptyListAndNoAlert() {
        let screen = launch()
        #expect(screen.items.isEmpty)
        #expect(screen.alert == nil)
        #expect(screen.dataFilePath().path.hasSuffix("/Documents/Checklists.plist"))
        #expect(world.fileData(checklistPath) == nil)
    }

    @Test func everyChangeIsSavedAtomically() throws {
        let screen = launch()
        screen.addItem(text: "Milk")
        #expect(storedItems(world.fileData(checklistPath)) == ["Milk"])
        screen.addItem(text: "Eggs")
        screen.editItem(at: 0, text: "Oat milk")
        #expect(storedItems(world.fileData(checklistPath)) == ["Oat milk", "Eggs"])
        screen.toggleChecked(at: 1)
        #expect(storedItems(world.fileData(checklistPath)) == ["Oat milk", "Eggs ✓"])
        screen.deleteItem(at: 0)
        #expect(storedItems(world.fileData(checklistPath)) == ["Eggs ✓"])
        let renames = world.operations.filter { $0.kind == .rename && $0.target == checklistPath }
        #expect(renames.count == 5, "one atomic save per change")
        let data = try #require(world.fileData(checklistPath))
        #expect(data.starts(with: Array("bplist00".utf8)))
        let root = parsedPlist(data) as? [[String: Any]]
        #expect(root?.first?["text"] as? String == "Eggs")
        #expect(root?.first?["checked"] as? Bool == true)
    }

    @Test func theListSurvivesARelaunch() {
        let screen = launch()
        screen.addItem(text: "Milk")
        screen.addItem(text: "Eggs")
        screen.toggleChecked(at: 0)
        #expect(launch().items.map(\.summary) == ["Milk ✓", "Eggs"])
    }

    @Test func theListIsLoadedOncePerScreen() {
        world.putFile(checklistPath, checklistFile([("Milk", false)]))
        let screen = launch()
        screen.addItem(text: "Eggs")
        screen.viewDidLoad()
        #expect(screen.items.map(\.summary) == ["Milk", "Eggs"])
    }

    @Test func aReadErrorKeepsTheStartingItemsAndTheNextSaveReplacesTheFile() {
        world.putFile(checklistPath, checklistFile([("Milk", false), ("Eggs", true)]))
        world.arm(.on(.read, checklistPath, .ioError))
        let screen = launch()
        #expect(screen.items.isEmpty)
        #expect(screen.alert == nil)
        #expect(world.printedLines.isEmpty, "not even printed")
        screen.addItem(text: "Bread")
        #expect(storedItems(world.fileData(checklistPath)) == ["Bread"], "Milk and Eggs are gone")
    }

    @Test func aDecodeErrorIsOnlyPrintedAndTheNextSaveReplacesTheFile() {
        world.putFile(checklistPath, Data("garbage".utf8))
        let screen = launch(startingWith: [ChecklistItem(text: "Sample")])
        #expect(screen.items.map(\.summary) == ["Sample"], "the items the screen started with")
        #expect(screen.alert == nil)
        #expect(world.printedLines.count == 1)
        #expect(world.printedLines.first?.hasPrefix("Error decoding item array: ") == true)
        screen.addItem(text: "Bread")
        #expect(storedItems(world.fileData(checklistPath)) == ["Sample", "Bread"])
        #expect(world.filePaths.filter { $0.hasPrefix("Documents/") } == [checklistPath], "no copy kept")
    }

    @Test func aFileOfAnotherShapeIsADecodeError() {
        world.putFile(checklistPath, binaryPlist(["text": "Milk"]))
        let screen = launch()
        #expect(screen.items.isEmpty)
        #expect(world.printedLines.first?.hasPrefix("Error decoding item array: ") == true)
    }

    @Test func aFailedSaveIsOnlyPrinted() {
        let screen = launch()
        world.arm(.on(.write, "Documents/*", .diskFull))
        screen.addItem(text: "Milk")
        #expect(screen.alert == nil)
        #expect(screen.items.map(\.summary) == ["Milk"])
        #expect(world.printedLines.first?.hasPrefix("Error encoding item array: ") == true)
        #expect(world.fileData(checklistPath) == nil)
    }

    @Test func noDocumentsURLTraps() async {
        await #expect(processExitsWith: .failure) {
            let world = SimulatedWorld()
            world.arm(FaultRule(kind: .urls, path: PathPattern("Documents"), fault: .noURL))
            ChecklistViewController(env: world.launch()).viewDidLoad()
        }
    }

    @Test func aRowThatIsNotThereTraps() async {
        await #expect(processExitsWith: .failure) {
            let world = SimulatedWorld()
            let screen = ChecklistViewController(env: world.launch())
            screen.viewDidLoad()
            screen.toggleChecked(at: 0)
        }
    }
}

/// A binary property list of `object`.
func binaryPlist(_ object: Any) -> Data {
    try! PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
}

/// What a stored file parses to, or nil.
func parsedPlist(_ data: Data?) -> Any? {
    guard let data else { return nil }
    return try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
}
