import Foundation
import HIITFit
import Sandbox
import Testing

/// Hardened: what a read fault the app cannot see through must never lead to
/// (explorer findings on the hardened edition).
@Suite struct ConfirmedHistoryReadTests {
    let stored = historyFile([
        ("7D3C2A10-0000-4000-8000-000000000002", instant("2026-02-28 08:00"), ["Squat", "Burpee"])
    ])

    // One read gave bytes with one byte flipped that still parsed ("Burpee" read as "Brpee"):
    // the app showed and saved them over the real history.
    @Test(arguments: 0..<24)
    func aCorruptedReadThatStillParsesIsNotSavedOverTheHistory(seed: UInt64) {
        let world = SimulatedWorld(seed: seed, start: instant("2026-03-01 08:00"))
        world.putFile(historyPath, stored)
        world.arm(.on(.read, historyPath, .corruptRead))
        let app = HardenedHIITFitApp(env: world.launch())
        #expect(app.history.exerciseDays.map(\.exercises) == [["Squat", "Burpee"]])
        app.finishExercise("Squat")
        #expect(app.alert == nil)
        let relaunched = HardenedHIITFitApp(env: world.launch())
        #expect(relaunched.history.exerciseDays.map(\.exercises) == [["Squat"], ["Squat", "Burpee"]])
    }

    // The read and the existence check both said "missing" once: the app took it for a first
    // launch and saved a one-day history over the stored one.
    @Test func aMissingAnswerIsConfirmedByAnotherRead() {
        let world = SimulatedWorld(start: instant("2026-03-01 08:00"))
        world.putFile(historyPath, stored)
        world.arm(.on(.read, historyPath, .missing))
        world.arm(.on(.exists, historyPath, .missing))
        let app = HardenedHIITFitApp(env: world.launch())
        #expect(app.alert == nil)
        #expect(app.history.exerciseDays.map(\.exercises) == [["Squat", "Burpee"]])
    }

    // Unreadable at launch (alert), then found to be of another shape when the first exercise is
    // saved: the app kept a copy and replaced the history without telling the user.
    @Test func aHistoryFoundUnreadableWhenSavingIsReportedWhenReplaced() {
        let world = SimulatedWorld(start: instant("2026-03-01 08:00"))
        world.putFile(historyPath, stored)
        world.arm(.on(.read, historyPath, .permissionDenied, .every))
        let app = HardenedHIITFitApp(env: world.launch())
        #expect(app.alert?.title == "History")
        app.dismissAlert()
        world.disarmAll()
        world.arm(.on(.read, historyPath, .wrongType, .every))
        app.finishExercise("Squat")
        #expect(app.alert?.title == "History")
        #expect(app.alert?.message.contains("copy") == true)
        #expect(world.fileData(historyPath + ".unreadable-1") != nil)
    }
}

@Suite struct ConfirmedRatingsReadTests {
    // Every read of an absent "ratings" returned a number: the app wrote its digits back
    // ("7040" instead of "0040").
    @Test func aValueOfAnotherTypeIsNeverWrittenBackAsRead() {
        let world = SimulatedWorld()
        world.arm(.on(.get, "defaults:ratings", .wrongType, .every))
        let app = HardenedHIITFitApp(env: world.launch())
        app.prepareRating(exerciseIndex: 2)
        #expect((0..<4).map { app.rating(exerciseIndex: $0) } == [0, 0, 0, 0])
        app.rate(exerciseIndex: 2, rating: 4)
        world.disarmAll()
        #expect(world.defaultsValue(forKey: "ratings") == .string("0040"))
        #expect(app.alert?.title == "Ratings", "the user is told the stored value was replaced")
        #expect(world.defaultsValue(forKey: "ratings.unreadable") != nil, "what was read is kept")
    }

    // The first read returned the stored string, every later one nothing: the app took the
    // later answers and wrote "0500" over "123456".
    @Test func aValueSeenOnceIsPreferredToLaterMissingReads() {
        let world = SimulatedWorld()
        world.putDefaultsValue(.string("123456"), forKey: "ratings")
        world.arm(.on(.get, "defaults:ratings", .missing, .from(2)))
        let app = HardenedHIITFitApp(env: world.launch())
        app.rate(exerciseIndex: 1, rating: 5)
        #expect(world.defaultsValue(forKey: "ratings") == .string("153456"))
    }

    // Two reads in a row said "missing": the app took the key for empty.
    @Test func twoMissingReadsAreNotAnEmptyStore() {
        let world = SimulatedWorld()
        world.putDefaultsValue(.string("4030"), forKey: "ratings")
        world.arm(.on(.get, "defaults:ratings", .missing))
        world.arm(.on(.get, "defaults:ratings", .missing, .nth(2)))
        let app = HardenedHIITFitApp(env: world.launch())
        #expect(app.ratings == "4030")
    }
}
