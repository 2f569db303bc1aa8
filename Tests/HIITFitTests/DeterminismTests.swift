import Foundation
import Testing
import HIITFit
import Sandbox

/// The harness replays a run from its seed: the same actions must give the same trace and files.
@Test(arguments: Edition.allCases)
func theSameRunGivesTheSameTraceAndFiles(edition: Edition) {
    func run() -> (trace: String, file: Data?, ids: [UUID]) {
        let world = SimulatedWorld(seed: 3, start: instant("2026-03-01 08:00"))
        let app = HIITFitApp(environment: world.launch(), edition: edition)
        app.finishExercise("Squat")
        world.advanceClock(by: DateComponents(day: 1))
        app.finishExercise("Burpee")
        app.prepareRating(exerciseIndex: 2)
        app.rate(exerciseIndex: 2, rating: 4)
        world.background()
        let relaunched = HIITFitApp(environment: world.launch(), edition: edition)
        return (world.trace, world.fileData(historyPath), relaunched.history.exerciseDays.map(\.id))
    }
    let first = run(), second = run()
    #expect(first.trace == second.trace)
    #expect(first.file == second.file)
    #expect(first.ids == second.ids)
}
