import Foundation
import NamesToFaces
import Sandbox
import Testing

/// Hardened: explorer findings on reads of `people` the app cannot see through.
@Suite struct PeopleConfirmedReadTests {
    let world = SimulatedWorld()

    // Two reads in a row said "missing": the app took it for a first launch and saved a list
    // of one over the stored two.
    @Test(arguments: PeopleEncoding.allCases)
    func twoMissingReadsAreNotAFirstLaunch(encoding: PeopleEncoding) {
        world.putDefaultsValue(.data(json([("Alice", "A"), ("Bob", "B")])), forKey: "people")
        world.arm(.on(.get, "defaults:people", .missing))
        world.arm(.on(.get, "defaults:people", .missing, .nth(2)))
        let screen = HardenedPeopleViewController(env: world.launch(), encoding: encoding)
        screen.viewDidLoad()
        #expect(screen.people.map(\.name) == ["Alice", "Bob"])
        screen.addPerson(name: "Carol", imageData: jpeg(3))
        world.exitCleanly()
        let again = HardenedPeopleViewController(env: world.launch(), encoding: encoding)
        again.viewDidLoad()
        #expect(again.people.map(\.name) == ["Alice", "Bob", "Carol"])
    }
}
