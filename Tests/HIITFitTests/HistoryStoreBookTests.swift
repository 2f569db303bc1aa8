import Foundation
import HIITFit
import Sandbox
import Testing

/// The book edition of HistoryStore and the app's launch path, flaws included.
@Suite struct HistoryStoreBookTests {
    let world = SimulatedWorld(start: instant("2026-03-01 08:00"))

    @Test func firstLaunchShowsAnEmptyHistoryAndNoAlert() {
        let app = HIITFitApp(env: world.launch())
        #expect(app.history.exerciseDays.isEmpty)
        #expect(app.alert == nil)
        #expect(app.history.getURL()?.path.hasSuffix("/Documents/history.plist") == true)
        #expect(world.fileData(historyPath) == nil)
    }

    @Test func exercisesOnOneDayShareTheDayAndAreSavedAsABinaryPlist() throws {
        let app = HIITFitApp(env: world.launch())
        app.finishExercise("Squat")
        world.setClock(instant("2026-03-01 21:00"))
        app.finishExercise("Burpee")
        let days = app.history.exerciseDays
        #expect(days.count == 1)
        #expect(days.first?.exercises == ["Squat", "Burpee"])
        #expect(days.first?.date == instant("2026-03-01 08:00"))
        let data = try #require(world.fileData(historyPath))
        #expect(data.starts(with: Array("bplist00".utf8)))
        let root = try #require(parsedPlist(data) as? [[Any]])
        #expect(root.count == 1)
        #expect(root[0][0] as? String == days[0].id.uuidString)
        #expect(root[0][1] as? Date == instant("2026-03-01 08:00"))
        #expect(root[0][2] as? [String] == ["Squat", "Burpee"])
        #expect(world.printedLines == ["Adding Burpee"])
    }

    @Test func aNewCalendarDayGoesFirst() {
        let app = HIITFitApp(env: world.launch())
        app.finishExercise("Squat")
        world.advanceClock(by: DateComponents(day: 1))
        app.finishExercise("Step Up")
        #expect(app.history.exerciseDays.map(\.exercises) == [["Step Up"], ["Squat"]])
        #expect(app.history.exerciseDays.map(\.date) == [instant("2026-03-02 08:00"), instant("2026-03-01 08:00")])
    }

    @Test func theSameDayIsJudgedInTheClocksTimeZone() {
        world.setClock(instant("2026-03-01 23:00"), timeZone: TimeZone(identifier: "Europe/London"))
        let app = HIITFitApp(env: world.launch())
        app.finishExercise("Squat")
        world.setClock(instant("2026-03-02 01:00"))
        app.finishExercise("Burpee")
        #expect(app.history.exerciseDays.count == 2, "01:00 in London is the next day")

        let other = SimulatedWorld(
            start: instant("2026-03-01 23:00"), timeZone: TimeZone(identifier: "America/New_York")!)
        let travelled = HIITFitApp(env: other.launch())
        travelled.finishExercise("Squat")
        other.setClock(instant("2026-03-02 01:00"))
        travelled.finishExercise("Burpee")
        #expect(
            travelled.history.exerciseDays.map(\.exercises) == [["Squat", "Burpee"]],
            "both are on 1 March in New York")
    }

    @Test func historySurvivesARelaunchWithFreshIDs() {
        let first = HIITFitApp(env: world.launch())
        first.finishExercise("Squat")
        world.advanceClock(by: DateComponents(day: 1))
        first.finishExercise("Sun Salute")
        let relaunched = HIITFitApp(env: world.launch())
        #expect(relaunched.alert == nil)
        #expect(relaunched.history.exerciseDays.map(\.exercises) == [["Sun Salute"], ["Squat"]])
        #expect(relaunched.history.exerciseDays.map(\.date) == first.history.exerciseDays.map(\.date))
        #expect(
            relaunched.history.exerciseDays.map(\.id) != first.history.exerciseDays.map(\.id),
            "the book ignores the stored ids")
    }

    @Test func theStoreIsCreatedOncePerLaunchSoChangingTabsKeepsHistory() {
        let app = HIITFitApp(env: world.launch())
        app.finishExercise("Squat")
        let store = app.history
        app.selectTab(2)
        app.selectTab(9)
        #expect(app.history === store)
        #expect(app.history.exerciseDays.map(\.exercises) == [["Squat"]])
    }

    @Test func anyReadErrorPassesForAFirstLaunchAndTheNextSaveReplacesTheHistory() {
        world.putFile(historyPath, historyFile([("A", instant("2026-02-27 08:00"), ["Squat", "Burpee"])]))
        world.arm(.on(.read, historyPath, .ioError))
        let app = HIITFitApp(env: world.launch())
        #expect(app.history.exerciseDays.isEmpty)
        #expect(app.alert == nil, "the book says nothing")
        app.finishExercise("Step Up")
        let root = parsedPlist(world.fileData(historyPath)) as? [[Any]]
        #expect(root?.map { $0[2] as? [String] } == [["Step Up"]], "27 February is gone")
    }

    @Test func anUnparsableFileRaisesTheHistoryAlertAndIsThenOverwritten() {
        world.putFile(historyPath, Data("not a plist".utf8))
        let app = HIITFitApp(env: world.launch())
        #expect(app.alert?.title == "History")
        #expect(app.alert?.message.contains("support") == true)
        #expect(world.printedLines == ["Could not load history data"])
        #expect(app.history.exerciseDays.isEmpty)
        app.finishExercise("Squat")
        #expect(world.fileData(historyPath) != Data("not a plist".utf8))
        #expect(world.filePaths.filter { $0.hasPrefix("Documents/history") } == [historyPath], "no copy is kept")
    }

    @Test func aRootOfAnotherShapeIsSilentlyAnEmptyHistory() {
        world.putFile(historyPath, binaryPlist(["days": 3]))
        let app = HIITFitApp(env: world.launch())
        #expect(app.history.exerciseDays.isEmpty)
        #expect(app.alert == nil)
    }

    @Test func aBadDateBecomesNowAndBadExercisesBecomeEmpty() {
        world.putFile(
            historyPath, binaryPlist([["A", "yesterday", 5] as [Any], ["B", instant("2026-02-20 10:00"), "Squat"]]))
        let app = HIITFitApp(env: world.launch())
        #expect(app.alert == nil)
        #expect(app.history.exerciseDays.map(\.date) == [instant("2026-03-01 08:00"), instant("2026-02-20 10:00")])
        #expect(app.history.exerciseDays.map(\.exercises) == [[], []])
    }

    @Test func anEntryWithFewerThanThreeFieldsTraps() async {
        await #expect(processExitsWith: .failure) {
            let world = SimulatedWorld()
            world.putFile(
                "Documents/history.plist",
                try! PropertyListSerialization.data(fromPropertyList: [["A", Date()]], format: .binary, options: 0))
            _ = HIITFitApp(env: world.launch())
        }
    }

    @Test func noDocumentsURLAtLaunchRaisesTheAlert() {
        world.arm(.on(.urls, "Documents", .noURL))
        let app = HIITFitApp(env: world.launch())
        #expect(app.alert?.title == "History")
        #expect(world.printedLines == ["Could not load history data"])
    }

    @Test func loadAndSaveThrowTheBooksErrors() {
        let env = world.launch()
        world.arm(.on(.urls, "Documents", .noURL, .every))
        #expect(throws: HistoryStore.FileError.urlFailure) { try HistoryStore(withChecking: true, env: env) }
        #expect(throws: HistoryStore.FileError.urlFailure) { try HistoryStore(env: env).save() }
        world.disarmAll()

        world.putFile(historyPath, Data([0x00, 0x01]))
        #expect(throws: HistoryStore.FileError.loadFailure) { try HistoryStore(withChecking: true, env: env) }

        world.arm(.on(.write, "Documents/*", .diskFull))
        let store = HistoryStore(env: env)
        #expect(throws: HistoryStore.FileError.saveFailure) { try store.save() }
    }

    @Test func aFailedSaveAfterAnExerciseIsAFatalError() async {
        await #expect(processExitsWith: .failure) {
            let world = SimulatedWorld()
            world.arm(FaultRule(kind: .write, path: PathPattern("Documents/*"), fault: .diskFull))
            let app = HIITFitApp(env: world.launch())
            app.finishExercise("Squat")
        }
    }

    @Test func theEarlierFormTrapsOnFirstLaunch() async {
        await #expect(processExitsWith: .failure) {
            let world = SimulatedWorld()
            let app = HIITFitApp(env: world.launch())
            app.history.addDoneExerciseEarlyForm("Squat")
        }
    }

    @Test func theEarlierFormWorksOnceThereIsADay() {
        let app = HIITFitApp(env: world.launch())
        app.finishExercise("Squat")
        app.history.addDoneExerciseEarlyForm("Burpee")
        world.advanceClock(by: DateComponents(day: 1))
        app.history.addDoneExerciseEarlyForm("Step Up")
        #expect(app.history.exerciseDays.map(\.exercises) == [["Step Up"], ["Squat", "Burpee"]])
        let root = parsedPlist(world.fileData(historyPath)) as? [[Any]]
        #expect(root?.count == 2)
    }

    @Test func aCrashInsideTheAtomicSaveKeepsTheOldFile() {
        let app = HIITFitApp(env: world.launch())
        app.finishExercise("Squat")
        world.arm(.on(.rename, historyPath, .crashBefore(.powerLoss)))
        world.advanceClock(by: DateComponents(day: 1))
        let finished: Void? = world.perform { app.finishExercise("Burpee") }
        #expect(finished == nil, "the process died")
        let relaunched = HIITFitApp(env: world.launch())
        #expect(relaunched.history.exerciseDays.map(\.exercises) == [["Squat"]])
        #expect(relaunched.alert == nil)
    }
}
