import Checklists
import ChecklistsPlugin
import Foundation
import Sandbox
import Testing

/// The list screen of either edition, for a test that runs the same steps on both.
private protocol EitherScreen: AnyObject {
    func viewDidLoad()
    func addItem(text: String)
    func toggleChecked(at index: Int)
}

extension ChecklistViewController: EitherScreen {}
extension HardenedChecklistViewController: EitherScreen {}

/// The harness replays a run from its seed: the same actions must give the same trace and file.
@Test(arguments: ["book", "hardened"])
func theSameRunGivesTheSameTraceAndFile(edition: String) {
    func run() -> (trace: String, file: Data?) {
        let world = SimulatedWorld(seed: 3)
        let env = world.launch()
        let screen: any EitherScreen =
            edition == "book"
            ? ChecklistViewController(env: env)
            : HardenedChecklistViewController(env: env)
        screen.viewDidLoad()
        screen.addItem(text: "Milk")
        screen.addItem(text: "Eggs")
        screen.toggleChecked(at: 1)
        return (world.trace, world.fileData(checklistPath))
    }
    let first = run()
    let second = run()
    #expect(first.trace == second.trace)
    #expect(first.file == second.file)
}

/// The same for the lists variant's data models, whose items carry ids and due dates.
@Test(arguments: ["book", "hardened"])
func theSameListsRunGivesTheSameTraceAndFile(edition: String) {
    func run() -> (trace: String, file: Data?) {
        let world = SimulatedWorld(seed: 3)
        let env = world.launch()
        let model: any ChecklistListsScreen = edition == "book" ? DataModel(env: env) : HardenedDataModel(env: env)
        model.viewDidAppear()
        model.addItem(text: "Milk")
        model.closeChecklist()
        model.addChecklist(name: "Work")
        model.sceneDidEnterBackground()
        return (world.trace, world.fileData(checklistPath))
    }
    let first = run()
    let second = run()
    #expect(first.trace == second.trace)
    #expect(first.file == second.file)
    #expect(storedLists(first.file) == ["List: Milk #0", "Work:"])
}
