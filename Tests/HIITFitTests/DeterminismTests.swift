import Foundation
import HIITFit
import Sandbox
import Testing

/// The app of either edition, for a test that runs the same steps on both.
private protocol EitherApp: AnyObject {
    var dayIDs: [UUID] { get }
    func finishExercise(_ name: String)
    func prepareRating(exerciseIndex: Int)
    func rate(exerciseIndex: Int, rating: Int)
}

extension HIITFitApp: EitherApp {
    var dayIDs: [UUID] { history.exerciseDays.map(\.id) }
}

extension HardenedHIITFitApp: EitherApp {
    var dayIDs: [UUID] { history.exerciseDays.map(\.id) }
}

/// The harness replays a run from its seed: the same actions must give the same trace and files.
@Test(arguments: ["book", "hardened"])
func theSameRunGivesTheSameTraceAndFiles(edition: String) {
    func launch(_ world: SimulatedWorld) -> any EitherApp {
        edition == "book" ? HIITFitApp(env: world.launch()) : HardenedHIITFitApp(env: world.launch())
    }
    func run() -> (trace: String, file: Data?, ids: [UUID]) {
        let world = SimulatedWorld(seed: 3, start: instant("2026-03-01 08:00"))
        let app = launch(world)
        app.finishExercise("Squat")
        world.advanceClock(by: DateComponents(day: 1))
        app.finishExercise("Burpee")
        app.prepareRating(exerciseIndex: 2)
        app.rate(exerciseIndex: 2, rating: 4)
        world.background()
        let relaunched = launch(world)
        return (world.trace, world.fileData(historyPath), relaunched.dayIDs)
    }
    let first = run()
    let second = run()
    #expect(first.trace == second.trace)
    #expect(first.file == second.file)
    #expect(first.ids == second.ids)
}
