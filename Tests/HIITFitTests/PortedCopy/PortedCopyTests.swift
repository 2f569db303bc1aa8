import Foundation
import HIITFit
import Sandbox
import Testing

/// A reader's own HistoryStore, ported with the mechanical edits, runs against the simulated world.
@Suite struct PortedCopyTests {
    let world = SimulatedWorld(start: instant("2026-03-01 08:00"))

    /// The reader's launch path, as HIITFitApp.init has it.
    func launch() -> (store: ReaderCopy.HistoryStore, alerted: Bool) {
        let env = world.launch()
        do {
            return (try ReaderCopy.HistoryStore(withChecking: true, env: env), false)
        } catch {
            env.console("Could not load history data")
            return (ReaderCopy.HistoryStore(env: env), true)
        }
    }

    @Test func itSavesAndLoadsThroughTheSeams() {
        let store = launch().store
        store.addDoneExercise("Squat")
        store.addDoneExercise("Burpee")
        world.advanceClock(by: DateComponents(day: 1))
        store.addDoneExercise("Step Up")
        #expect(world.printedLines == ["Adding Burpee"])
        #expect(world.defaultsValue(forKey: "lastWorkout") == .date(instant("2026-03-02 08:00")))
        let (relaunched, alerted) = launch()
        #expect(!alerted)
        #expect(relaunched.exerciseDays.map(\.exercises) == [["Step Up"], ["Squat", "Burpee"]])
        #expect(relaunched.exerciseDays.map(\.date) == [instant("2026-03-02 08:00"), instant("2026-03-01 08:00")])
        #expect(world.operations.contains { $0.kind == .rename && $0.target == historyPath })
    }

    @Test func itsFilesAreTheAppsFiles() {
        launch().store.addDoneExercise("Squat")
        let app = HIITFitApp(env: world.launch())
        #expect(app.history.exerciseDays.map(\.exercises) == [["Squat"]])
    }

    @Test func theHarnessFindsTheBooksFlawInIt() {
        let store = launch().store
        store.addDoneExercise("Squat")
        world.advanceClock(by: DateComponents(day: 1))
        world.arm(.on(.read, historyPath, .ioError))
        let (relaunched, alerted) = launch()
        #expect(!alerted && relaunched.exerciseDays.isEmpty, "a read error passes for a first launch")
        relaunched.addDoneExercise("Burpee")
        let root = parsedPlist(world.fileData(historyPath)) as? [[Any]]
        #expect(root?.count == 1, "and the next save replaced yesterday's history")
    }
}
