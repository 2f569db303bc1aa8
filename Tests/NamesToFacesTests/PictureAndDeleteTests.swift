import Foundation
import Harness
import NamesToFacesPlugin
import Sandbox
import Testing

@testable import NamesToFaces

/// What `expect person N picture …` finds, what `person delete N` does in each edition, and the
/// picture ids the driver shows.
@Suite struct PictureAndDeleteTests {
    /// Runs `lines` after `app namestofaces` in this process (nothing here traps).
    func run(_ lines: String, edition: String = "hardened") throws -> RunResult {
        let scenario = try ScenarioParser.parse(
            "app namestofaces\n" + lines, file: "p.scenario", plugins: PersonVocabularyTests.plugins)
        return ScenarioRunner(edition: edition).run(scenario)
    }

    @Test(arguments: ["hardened", "book"])
    func aWholePictureIsIntactAndNamesWhoseItIs(edition: String) throws {
        let result = try run(
            "launch\nperson add Alice\nperson rename 0 Alicia\nexpect person 0 picture intact\n"
                + "expect person 0 picture missing", edition: edition)
        #expect(result.failure?.location.line == 6)
        #expect(result.failure?.found.hasSuffix("holds the whole picture added for another name") == true)
        let named = try run("launch\nperson add Alice\nexpect person 0 picture missing", edition: edition)
        #expect(named.failure?.found.hasSuffix("holds the whole picture added for 'Alice'") == true)
    }

    // The book ignores the failed write and adds Alice pointing at the 10 bytes that landed.
    @Test func aTornPictureIsNeitherIntactNorMissing() throws {
        let torn = "launch\nfault write Documents/* partial 10 error\nperson add Alice\n"
        let intact = try run(torn + "expect person 0 picture intact", edition: "book")
        #expect(intact.failure?.found.hasSuffix("holds 10 bytes where a whole picture has 70") == true)
        let missing = try run(torn + "expect person 0 picture missing", edition: "book")
        #expect(missing.failure?.found.hasSuffix("holds 10 bytes where a whole picture has 70") == true)
    }

    @Test func aFlippedByteIsNotIntact() throws {
        let result = try run(
            "launch\nperson add Alice\nfault read Documents/* corrupt\nexpect person 0 picture intact")
        let found = "70 bytes, no whole picture (1 differ from the picture of 'Alice')"
        #expect(result.failure?.found.hasSuffix(found) == true)
    }

    @Test func aPictureThatCannotBeReadIsMissing() throws {
        let gone = try run("launch\nperson add Alice\nrm Documents\nexpect person 0 picture missing")
        #expect(gone.passed, "\(gone.failure?.summary ?? "")")
        let refused = try run(
            "launch\nperson add Alice\nfault read Documents/* permission\nexpect person 0 picture intact")
        #expect(refused.failure?.found.contains("cannot be read (NSCocoaErrorDomain 257 (EACCES))") == true)
    }

    @Test func aPersonWhoIsNotThereFailsTheCheckAndTheDelete() throws {
        let check = try run("launch\nperson add Alice\nexpect person 1 picture missing")
        #expect(check.failure?.found == "no person 1: the grid shows 1")
        let delete = try run("launch\nperson add Alice\nperson delete 1")
        #expect(delete.failure?.location.line == 4)
        #expect(delete.failure?.found.contains("there is no person 1: the grid shows 1") == true)
    }

    /// A check with no subject fails both ways: `!` cannot turn "there is nothing to check" into a pass.
    @Test func aNegatedCheckOfAPersonWhoIsNotThereFails() throws {
        let missing = try run("launch\nperson add Alice\n! expect person 5 picture intact")
        #expect(missing.failure?.location.line == 4)
        #expect(missing.failure?.found == "no person 5: the grid shows 1")
        let notRunning = try run("launch\nperson add Alice\nkill\n! expect people: Bob")
        #expect(notRunning.failure?.location.line == 5)
        #expect(notRunning.failure?.found.hasPrefix("the app is not running") == true)
    }

    /// Ann and Bob added on `screen`, with pictures [1] and [2]: their picture file names.
    func addAnnAndBob(_ screen: some PeopleScreen) -> (ann: String, bob: String) {
        screen.addPerson(name: "Ann", imageData: Data([1]))
        screen.addPerson(name: "Bob", imageData: Data([2]))
        return (screen.pictureNames[0], screen.pictureNames[1])
    }

    @Test(arguments: PeopleEncoding.allCases)
    func theBookLeavesADeletedPersonsPictureBehind(encoding: PeopleEncoding) throws {
        let world = SimulatedWorld()
        let screen = PeopleViewController(env: world.launch(), encoding: encoding)
        let (ann, _) = addAnnAndBob(screen)
        screen.deletePerson(at: 0)
        #expect(screen.people.map(\.name) == ["Bob"])
        #expect(world.fileData("Documents/" + ann) == Data([1]))
    }

    @Test(arguments: PeopleEncoding.allCases)
    func theHardenedEditionRemovesThePictureOnceTheDeleteIsSaved(encoding: PeopleEncoding) throws {
        let world = SimulatedWorld()
        let screen = HardenedPeopleViewController(env: world.launch(), encoding: encoding)
        let (ann, bob) = addAnnAndBob(screen)
        world.arm(.on(.write, "Library/Preferences/**", .diskFull, .every))
        screen.deletePerson(at: 0)
        // The save failed: the relaunched list still names Ann, so her picture stays; Bob's delete is saved.
        #expect(screen.alert == HardenedPeopleViewController.saveAlert)
        #expect(world.fileData("Documents/" + ann) == Data([1]))
        world.disarmAll()
        screen.deletePerson(at: 0)
        #expect(screen.people.isEmpty)
        #expect(world.fileData("Documents/" + ann) == Data([1]))
        #expect(world.fileData("Documents/" + bob) == nil)
    }

    @Test func theDriverShowsEachPersonsPictureFileName() throws {
        let world = SimulatedWorld()
        let edition = try #require(AppPlugin.namesToFaces.edition(named: "hardened"))
        let driver = edition.launch(AppLaunch(environment: world.launch(), variant: "codable"))
        try driver.perform(PluginValue(PersonAction.add("Ann")))
        try driver.perform(PluginValue(PersonAction.add("Bob")))
        try driver.perform(PluginValue(PersonAction.delete(index: 0)))
        let files = world.filePaths.filter { $0.hasPrefix("Documents/") }.map { String($0.dropFirst(10)) }
        #expect(files.count == 1)
        #expect(driver.observe().values["pictures"] == .list(files.map(ObservedValue.text)))
    }

    /// The oracles see the pictures: the book writes them without a sync, so a power loss tears Alice's
    /// (seed 1) and she comes back faceless; the hardened edition syncs them.
    @Test func aPictureTornByAPowerLossIsDataLoss() throws {
        let lost = "seed 1\nlaunch\nperson add Alice\nbackground\npower-loss\nlaunch\nexpect people: Alice"
        let book = try run(lost, edition: "book")
        #expect(book.verdict == .dataLoss)
        #expect(book.verdictMessage == "relaunch at line 7: faces: Alice acknowledged at line 4 is missing")
        let hardened = try run(lost + "\nexpect person 0 picture intact")
        #expect(hardened.passed, "\(hardened.failure?.summary ?? "")")
    }

    /// `expect faces:` names the people whose cell shows a whole picture: a reproduction of a lost picture
    /// ends with it. The book adds Alice although her picture never reached the disk.
    @Test func facesAreThePeopleWithAWholePicture() throws {
        let failed = "launch\nfault write Documents/* disk-full\nperson add Alice\nperson add Bob\n"
        let book = try run(
            failed + "expect people: Alice, Bob\nexpect faces: Bob\nexpect faces: Alice, Bob", edition: "book")
        #expect(book.failure?.location.line == 8)
        #expect(book.failure?.expected == "Alice, Bob")
        #expect(book.failure?.found == "Bob")
        let hardened = try run(failed + "expect people: Bob\nexpect faces: Bob\n! expect faces empty")
        #expect(hardened.passed, "\(hardened.failure?.summary ?? "")")
    }

    /// A delete the app was killed inside leaves the person's name and face: one entry lost, as the
    /// interrupted action may show its new state.
    @Test func aDeleteInterruptedByACrashCountsOnce() throws {
        let result = try run(
            "launch\nperson add Alice\nperson add Bob\nbackground\nfault remove Documents/* crash-before\n"
                + "person delete 0\nlaunch\nexpect people: Bob\nexpect person 0 picture intact")
        #expect(result.passed, "\(result.failure?.summary ?? "")")
    }

    /// The book's pictures are never synced, but an update installs long after they were written: a power
    /// loss after it keeps them.
    @Test(arguments: [UInt64(0), 1, 2, 3])
    func anUpgradeFindsTheOldVersionsPicturesOnDisk(seed: UInt64) throws {
        let result = try run(
            "seed \(seed)\nlaunch edition book\nperson add Alice\nbackground\nupgrade\npower-loss\nlaunch\n"
                + "expect people: Alice\nexpect person 0 picture intact")
        #expect(result.passed, "\(result.failure?.summary ?? "")")
    }
}

/// `expect ids kept` on the people's picture file names.
@Suite struct PictureIdsTests {
    static let lostOnce = """
        launch
        person add Alice
        background
        kill
        fault get @people missing
        launch
        expect ids kept
        [edition:book] expect verdict dataLoss
        """

    // The book takes the missing read for a first launch: Alice's picture file is no longer shown.
    @Test func aListLostOnLoadDoesNotKeepThePictureIds() throws {
        let book = try PictureAndDeleteTests().run(Self.lostOnce, edition: "book")
        #expect(book.failure?.location.line == 8)
        #expect(book.failure?.found == "missing: B972A7A5-F1FB-437F-AD0F-B27DBC8214E0")
        let hardened = try PictureAndDeleteTests().run(Self.lostOnce)
        #expect(hardened.passed, "\(hardened.failure?.summary ?? "")")
    }
}
