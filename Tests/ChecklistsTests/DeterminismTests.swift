import Foundation
import Testing
import Checklists
import Sandbox

/// The harness replays a run from its seed: the same actions must give the same trace and file.
@Test(arguments: Edition.allCases)
func theSameRunGivesTheSameTraceAndFile(edition: Edition) {
    func run() -> (trace: String, file: Data?) {
        let world = SimulatedWorld(seed: 3)
        let screen = ChecklistViewController(environment: world.launch(), edition: edition)
        screen.viewDidLoad()
        screen.addItem(text: "Milk")
        screen.addItem(text: "Eggs")
        screen.toggleChecked(at: 1)
        return (world.trace, world.fileData(checklistPath))
    }
    let first = run(), second = run()
    #expect(first.trace == second.trace)
    #expect(first.file == second.file)
}
