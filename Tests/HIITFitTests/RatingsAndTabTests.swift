import Foundation
import HIITFit
import Sandbox
import Testing

/// @AppStorage("ratings") and @SceneStorage("selectedTab"), book edition first.
@Suite struct RatingsBookTests {
    let world = SimulatedWorld()

    func launch() -> HIITFitApp { HIITFitApp(env: world.launch()) }

    @Test func ratingsStartEmptyAndOpeningARatingPadsAndWritesThem() {
        let app = launch()
        #expect(app.ratings == "")
        #expect(world.defaultsValue(forKey: "ratings") == nil)
        app.prepareRating(exerciseIndex: 2)
        #expect(app.ratings == "0000")
        #expect(world.defaultsValue(forKey: "ratings") == .string("0000"))
        #expect(app.rating(exerciseIndex: 2) == 0)
    }

    @Test func ratingAnExerciseReplacesItsCharacter() {
        let app = launch()
        app.prepareRating(exerciseIndex: 1)
        app.rate(exerciseIndex: 1, rating: 4)
        app.rate(exerciseIndex: 3, rating: 2)
        #expect(app.ratings == "0402")
        #expect(app.rating(exerciseIndex: 1) == 4)
        #expect(app.rating(exerciseIndex: 3) == 2)
        #expect(app.rating(exerciseIndex: 0) == 0)
    }

    @Test func ratingsReachTheFileOnlyWhenTheStoreFlushes() {
        let app = launch()
        app.prepareRating(exerciseIndex: 0)
        app.rate(exerciseIndex: 0, rating: 5)
        #expect(world.persistedDefaultsValue(forKey: "ratings") == nil, "in memory until the store flushes")
        world.crash(.kill)
        #expect(launch().ratings == "", "a kill before the flush loses the rating (a platform loss)")
        let app2 = launch()
        app2.prepareRating(exerciseIndex: 0)
        app2.rate(exerciseIndex: 0, rating: 5)
        world.background()
        #expect(world.persistedDefaultsValue(forKey: "ratings") == .string("5000"))
        world.crash(.kill)
        #expect(launch().rating(exerciseIndex: 0) == 5)
    }

    // Data loss the harness must find: the Int is not a String, so the view pads "" and writes "0000".
    @Test func aNumberUnderRatingsIsReadAsEmptyAndOverwritten() {
        world.putDefaultsValue(.integer(4000), forKey: "ratings")
        let app = launch()
        #expect(app.ratings == "")
        app.prepareRating(exerciseIndex: 0)
        #expect(app.rating(exerciseIndex: 0) == 0)
        #expect(world.defaultsValue(forKey: "ratings") == .string("0000"))
    }

    @Test func aOneOffWrongTypeReadIsWrittenBackOverTheRatings() {
        world.putDefaultsValue(.string("4030"), forKey: "ratings")
        let app = launch()
        world.arm(.on(.get, "defaults:ratings", .wrongType))
        app.prepareRating(exerciseIndex: 1)
        #expect(world.defaultsValue(forKey: "ratings") == .string("0000"), "Squat's 4 and Burpee's 3 are gone")
    }

    @Test func nonDigitCharactersReadAsNotRated() {
        world.putDefaultsValue(.string("a5x"), forKey: "ratings")
        let app = launch()
        app.prepareRating(exerciseIndex: 0)
        #expect(app.ratings == "a5x0")
        #expect(app.rating(exerciseIndex: 0) == 0)
        #expect(app.rating(exerciseIndex: 1) == 5)
    }

    @Test func aRatingPastTheEndTraps() async {
        await #expect(processExitsWith: .failure) {
            let world = SimulatedWorld()
            world.putDefaultsValue(.string("12"), forKey: "ratings")
            let app = HIITFitApp(env: world.launch())
            _ = app.rating(exerciseIndex: 3)
        }
    }

    // padding(toLength:) counts UTF-16 units, `count` counts characters: "👍" pads to "👍00", three characters.
    @Test func anEmojiMakesThePaddedRatingsTooShortAndTheLastRatingTraps() async {
        await #expect(processExitsWith: .failure) {
            let world = SimulatedWorld()
            world.putDefaultsValue(.string("👍"), forKey: "ratings")
            let app = HIITFitApp(env: world.launch())
            app.prepareRating(exerciseIndex: 3)
            _ = app.rating(exerciseIndex: 3)
        }
    }

    @Test func theSelectedTabDefaultsToWelcomeAndIsSavedOnBackground() {
        let app = launch()
        #expect(app.selectedTab == 9)
        app.selectTab(2)
        world.exitCleanly()
        #expect(launch().selectedTab == 9, "not saved: the scene never went to the background")
        let again = launch()
        again.selectTab(2)
        again.sceneDidEnterBackground()
        world.background()
        world.crash(.kill)
        #expect(launch().selectedTab == 2)
    }
}

/// What the hardened edition does differently with ratings and the tab.
@Suite struct RatingsHardenedTests {
    let world = SimulatedWorld()

    func launch() -> HardenedHIITFitApp { HardenedHIITFitApp(env: world.launch()) }

    @Test func ratingWorksAsInTheBook() {
        let app = launch()
        #expect(app.ratings == "")
        app.prepareRating(exerciseIndex: 1)
        #expect(app.ratings == "0000")
        app.rate(exerciseIndex: 1, rating: 4)
        #expect(app.rating(exerciseIndex: 1) == 4)
        #expect(world.defaultsValue(forKey: "ratings") == .string("0400"))
        #expect(app.alert == nil)
    }

    // The book read a number as "" and wrote "0000" over it.
    @Test func aNumberIsUnderstoodAsItsDigits() {
        world.putDefaultsValue(.integer(4000), forKey: "ratings")
        let app = launch()
        #expect(app.ratings == "4000")
        app.prepareRating(exerciseIndex: 0)
        #expect(app.rating(exerciseIndex: 0) == 4)
        #expect(world.defaultsValue(forKey: "ratings") == .integer(4000), "opening a rating writes nothing")
        app.rate(exerciseIndex: 2, rating: 3)
        #expect(world.defaultsValue(forKey: "ratings") == .string("4030"))
        // The number is replaced by the string the user saw: the old value is kept and the user told.
        #expect(world.defaultsValue(forKey: "ratings.unreadable") == .integer(4000))
        #expect(app.alert?.title == "Ratings")
    }

    @Test func anArrayOfDigitsIsUnderstood() {
        world.putDefaultsValue(.array([.integer(5), .integer(0), .integer(1), .integer(0)]), forKey: "ratings")
        let app = launch()
        #expect(app.rating(exerciseIndex: 0) == 5)
        #expect(app.rating(exerciseIndex: 2) == 1)
    }

    // The book wrote "" padded over a value it could not read, with nothing kept.
    @Test func aValueOfUnknownShapeIsReportedAndKept() {
        world.putDefaultsValue(.dictionary(["Squat": .integer(4)]), forKey: "ratings")
        let app = launch()
        #expect(app.alert?.title == "Ratings")
        #expect(world.defaultsValue(forKey: "ratings.unreadable") == .dictionary(["Squat": .integer(4)]))
        app.rate(exerciseIndex: 1, rating: 2)
        #expect(world.defaultsValue(forKey: "ratings") == .string("0200"))
        #expect(world.defaultsValue(forKey: "ratings.unreadable") == .dictionary(["Squat": .integer(4)]))
    }

    @Test(arguments: ["3", "123456", "a😀c", "👍", "", "99"])
    func oddStringsNeverTrapAndKeepWhatTheyHold(stored: String) {
        world.putDefaultsValue(.string(stored), forKey: "ratings")
        let app = launch()
        for index in -1...6 {
            app.prepareRating(exerciseIndex: max(index, 0))
            let value = app.rating(exerciseIndex: index)
            #expect((0...5).contains(value))
        }
        app.rate(exerciseIndex: 1, rating: 5)
        let after = Array(app.ratings)
        #expect(after[1] == "5")
        let before = Array(stored)
        for (offset, character) in before.enumerated() where offset != 1 {
            #expect(after[offset] == character, "character \(offset) of \(stored) kept")
        }
        #expect(app.alert == nil)
    }

    @Test func outOfRangeRatingsAreIgnored() {
        world.putDefaultsValue(.string("1234"), forKey: "ratings")
        let app = launch()
        app.rate(exerciseIndex: -1, rating: 3)
        app.rate(exerciseIndex: 0, rating: 12)
        app.rate(exerciseIndex: 0, rating: -2)
        #expect(app.ratings == "1234")
        #expect(app.rating(exerciseIndex: 3) == 4)
        #expect(app.rating(exerciseIndex: 99) == 0)
    }

    // The book wrote a one-off wrong read back over the ratings.
    @Test(arguments: [Fault.wrongType, .missing])
    func aOneOffBadReadIsReadAgain(fault: Fault) {
        world.putDefaultsValue(.string("4030"), forKey: "ratings")
        world.arm(.on(.get, "defaults:ratings", fault))
        let app = launch()
        app.prepareRating(exerciseIndex: 1)
        app.rate(exerciseIndex: 1, rating: 5)
        #expect(world.defaultsValue(forKey: "ratings") == .string("4530"))
    }

    // The book's rating lived only in memory until the store flushed.
    @Test func aRatingIsFlushedAtOnce() {
        let app = launch()
        app.rate(exerciseIndex: 0, rating: 5)
        #expect(world.persistedDefaultsValue(forKey: "ratings") == .string("5000"))
        world.crash(.kill)
        #expect(launch().rating(exerciseIndex: 0) == 5)
    }

    @Test func aRatingThatCannotBeFlushedIsReported() {
        let app = launch()
        world.arm(.on(.write, "Library/Preferences/*", .diskFull))
        app.rate(exerciseIndex: 0, rating: 5)
        #expect(app.alert?.title == "Ratings")
    }

    @Test func aStoredTabThatIsNoPageOpensTheWelcomePage() {
        world.putDefaultsValue(.integer(42), forKey: "selectedTab")
        #expect(launch().selectedTab == 9)
        world.putDefaultsValue(.string("2"), forKey: "selectedTab")
        #expect(launch().selectedTab == 9)
        world.putDefaultsValue(.integer(3), forKey: "selectedTab")
        #expect(launch().selectedTab == 3)
    }
}
