import Foundation
import HIITFit
import Harness
import Sandbox
import Testing

/// Logging a workout for an earlier day: the date picker, and where each edition puts the day.
@Suite struct PastWorkoutTests {
    let world = SimulatedWorld(start: instant("2026-03-03 18:30"))
    let stored = historyFile([
        ("7D3C2A10-0000-4000-8000-000000000002", instant("2026-03-02 08:00"), ["Squat"]),
        ("7D3C2A10-0000-4000-8000-000000000001", instant("2026-02-28 08:00"), ["Burpee"]),
    ])

    func storedDays() -> [String] {
        (parsedPlist(world.fileData(historyPath)) as? [[Any]])?.map { day in
            DayNames.name(of: day[1] as? Date ?? .distantPast, in: DayNames.calendar(timeZone: "UTC")) + ": "
                + ((day[2] as? [String]) ?? []).joined(separator: ", ")
        } ?? []
    }

    @Test func thePickerKeepsTheTimeOfDayAndOffersNoDayAfterToday() throws {
        let app = HardenedHIITFitApp(env: world.launch())
        let picked = try #require(app.pickedDate(year: 2026, month: 3, day: 1))
        #expect(picked == instant("2026-03-01 18:30"))
        #expect(app.pickedDate(year: 2026, month: 3, day: 3) == instant("2026-03-03 18:30"))
        #expect(app.pickedDate(year: 2026, month: 3, day: 4) == nil)
    }

    @Test func hardenedPutsAnEarlierDayInDateOrderAndSavesIt() {
        world.putFile(historyPath, stored)
        let app = HardenedHIITFitApp(env: world.launch())
        app.finishExercise("Step Up", on: instant("2026-03-01 18:30"))
        app.finishExercise("Sun Salute", on: instant("2026-03-02 07:00"))
        #expect(
            storedDays() == ["2026-03-02: Squat, Sun Salute", "2026-03-01: Step Up", "2026-02-28: Burpee"])
        #expect(app.alert == nil)
        #expect(app.history.exerciseDays[0].id.uuidString == "7D3C2A10-0000-4000-8000-000000000002")
    }

    @Test func hardenedTellsTheUserWhenTheEarlierDayCannotBeSavedAndSavesItNextTime() {
        let app = HardenedHIITFitApp(env: world.launch())
        world.arm(.on(.write, historyPath, .diskFull))
        app.finishExercise("Burpee", on: instant("2026-03-01 18:30"))
        #expect(app.alert?.title == "History")
        #expect(world.fileData(historyPath) == nil)
        app.finishExercise("Squat")
        #expect(storedDays() == ["2026-03-03: Squat", "2026-03-01: Burpee"])
    }

    @Test func bookAppendsToTheDayOnThatDateElsePutsTheNewDayOnTop() {
        world.putFile(historyPath, stored)
        let app = HIITFitApp(env: world.launch())
        app.finishExercise("Step Up", on: instant("2026-02-28 18:30"))
        #expect(storedDays() == ["2026-03-02: Squat", "2026-02-28: Burpee, Step Up"])
        app.finishExercise("Sun Salute", on: instant("2026-03-01 18:30"))
        #expect(
            storedDays() == ["2026-03-01: Sun Salute", "2026-03-02: Squat", "2026-02-28: Burpee, Step Up"],
            "the book's naive insert keeps no date order")
    }

    @Test func hardenedShowsAHistoryStoredOutOfOrderNewestFirst() {
        world.putFile(
            historyPath,
            historyFile([
                ("7D3C2A10-0000-4000-8000-000000000001", instant("2026-02-28 08:00"), ["Burpee"]),
                ("7D3C2A10-0000-4000-8000-000000000002", instant("2026-03-02 08:00"), ["Squat"]),
            ]))
        let app = HardenedHIITFitApp(env: world.launch())
        #expect(app.history.exerciseDays.map(\.exercises) == [["Squat"], ["Burpee"]])
        #expect(HIITFitApp(env: world.launch()).history.exerciseDays.map(\.exercises) == [["Burpee"], ["Squat"]])
    }
}
