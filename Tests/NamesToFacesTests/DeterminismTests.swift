import Foundation
import NamesToFaces
import Sandbox
import Testing

/// The people grid of either edition, for a test that runs the same steps on both.
private protocol EitherScreen: AnyObject {
    var people: [Person] { get }
    func viewDidLoad()
    func addPerson(name: String, imageData: Data)
    func rename(at index: Int, to name: String)
}

extension PeopleViewController: EitherScreen {}
extension HardenedPeopleViewController: EitherScreen {}

/// The harness replays a run from its seed: the same actions must give the same trace and
/// picture names. (NSKeyedArchiver's bytes vary between processes on Linux, with Swift's
/// per-process hash seed, unless SWIFT_DETERMINISTIC_HASHING is set; within one process they match.)
@Test(arguments: ["book", "hardened"], PeopleEncoding.allCases)
func theSameRunGivesTheSameTraceAndPictures(edition: String, encoding: PeopleEncoding) {
    func run() -> (trace: String, pictures: [String]) {
        let world = SimulatedWorld(seed: 3)
        let env = world.launch()
        let screen: any EitherScreen =
            edition == "book"
            ? PeopleViewController(env: env, encoding: encoding)
            : HardenedPeopleViewController(env: env, encoding: encoding)
        screen.viewDidLoad()
        screen.addPerson(name: "Ann", imageData: jpeg(1))
        screen.addPerson(name: "Bob", imageData: jpeg(2))
        screen.rename(at: 0, to: "Anna")
        world.background()
        return (world.trace, screen.people.map(\.image))
    }
    let first = run()
    let second = run()
    #expect(first.trace == second.trace)
    #expect(first.pictures == second.pictures)
}
