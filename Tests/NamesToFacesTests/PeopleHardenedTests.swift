import Foundation
import Sandbox
import Testing

@testable import NamesToFaces

/// What the hardened edition of the people grid does differently, and the loss each change prevents.
@Suite struct PeopleHardenedTests {
    let world = SimulatedWorld()

    func launch(_ encoding: PeopleEncoding = .nscoding) -> HardenedPeopleViewController {
        let screen = HardenedPeopleViewController(env: world.launch(), encoding: encoding)
        screen.viewDidLoad()
        return screen
    }

    @Test(arguments: PeopleEncoding.allCases)
    func addingRenamingAndRelaunchingWorkAsInTheBook(encoding: PeopleEncoding) {
        let screen = launch(encoding)
        #expect(screen.people.isEmpty && screen.alert == nil)
        screen.addPerson(name: "Ann", imageData: jpeg(1))
        screen.addPerson(name: "Bob", imageData: jpeg(2))
        screen.rename(at: 1, to: "Rob")
        #expect(screen.alert == nil)
        #expect(world.fileData("Documents/\(screen.people[1].image)") == jpeg(2))
        world.exitCleanly()
        #expect(launch(encoding).people.map(\.name) == ["Ann", "Rob"])
    }

    @Test(arguments: PeopleEncoding.allCases)
    func theBooksDataLoadsInEitherEncoding(encoding: PeopleEncoding) {
        world.putDefaultsValue(.data(archive([("Ann", "A")])), forKey: "people")
        #expect(launch(encoding).people.map(\.name) == ["Ann"])
        world.putDefaultsValue(.data(json([("Bob", "B")])), forKey: "people")
        #expect(launch(encoding).people.map(\.name) == ["Bob"])
    }

    // The book trapped (NSCoding, on Linux) or printed and dropped the list (Codable), then saved over it.
    @Test(arguments: PeopleEncoding.allCases)
    func unreadableDataIsReportedAndKeptUnderAnotherKey(encoding: PeopleEncoding) {
        let garbage = Data("garbage".utf8)
        world.putDefaultsValue(.data(garbage), forKey: "people")
        let screen = launch(encoding)
        #expect(screen.people.isEmpty)
        #expect(screen.alert?.title == "People")
        #expect(world.defaultsValue(forKey: "people.unreadable") == .data(garbage))
        screen.addPerson(name: "Cat", imageData: jpeg(3))
        #expect(world.defaultsValue(forKey: "people.unreadable") == .data(garbage))
        world.exitCleanly()
        let relaunched = launch(encoding)
        #expect(relaunched.people.map(\.name) == ["Cat"])
        #expect(relaunched.alert == nil)
    }

    @Test func aValueThatIsNotDataIsReportedAndKept() {
        world.putDefaultsValue(.string("Ann, Bob"), forKey: "people")
        world.putDefaultsValue(.string("an older copy"), forKey: "people.unreadable")
        let screen = launch()
        #expect(screen.alert?.title == "People")
        #expect(world.defaultsValue(forKey: "people.unreadable") == .string("an older copy"))
        #expect(world.defaultsValue(forKey: "people.unreadable-2") == .string("Ann, Bob"))
    }

    @Test(arguments: [Fault.wrongType, .missing])
    func aOneOffBadReadIsReadAgain(fault: Fault) {
        world.putDefaultsValue(.data(archive([("Ann", "A")])), forKey: "people")
        world.arm(.on(.get, "defaults:people", fault))
        let screen = launch()
        #expect(screen.people.map(\.name) == ["Ann"])
        #expect(screen.alert == nil)
    }

    // The book's picture write error was ignored: a person whose picture is not there.
    @Test(arguments: [Fault.diskFull, .ioError, .permissionDenied])
    func aPictureThatCannotBeWrittenIsReportedAndThePersonNotAdded(fault: Fault) {
        let screen = launch()
        world.arm(.on(.write, "Documents/*", fault))
        screen.addPerson(name: "Ann", imageData: jpeg(1))
        #expect(screen.alert?.title == "People")
        #expect(screen.people.isEmpty)
        #expect(world.storedPeople == nil)
    }

    @Test func thePictureIsWrittenAtomically() {
        let screen = launch()
        screen.addPerson(name: "Ann", imageData: jpeg(1))
        let path = "Documents/\(screen.people[0].image)"
        #expect(world.operations.contains { $0.kind == .rename && $0.target == path })
    }

    @Test func aPictureNeverReplacesOneAlreadyOnDisk() {
        let first = launch()
        world.arm(.on(.rename, "Documents/*", .crashAfter(.kill)))
        _ = world.perform { first.addPerson(name: "Ann", imageData: jpeg(1)) }
        let taken = world.filePaths.filter { $0.hasPrefix("Documents/") }
        #expect(taken.count == 1, "the picture landed, then the app was killed")
        let screen = launch()
        #expect(screen.people.isEmpty)
        screen.addPerson(name: "Ann", imageData: jpeg(1))
        #expect(screen.people.count == 1)
        #expect(
            taken.first.map { "Documents/\(screen.people[0].image)" != $0 } == true,
            "the same action makes the same name, so a new one is drawn")
    }

    // The book trapped on paths[0].
    @Test func noDocumentsURLIsReportedNotATrap() {
        world.arm(.on(.urls, "Documents", .noURL, .every))
        let screen = launch()
        screen.addPerson(name: "Ann", imageData: jpeg(1))
        #expect(screen.alert?.title == "People")
        #expect(screen.people.isEmpty)
    }

    // The book left the people in memory until the platform flushed them.
    @Test func everySaveIsFlushedAtOnce() {
        let screen = launch()
        screen.addPerson(name: "Ann", imageData: jpeg(1))
        #expect(world.persistedDefaultsValue(forKey: "people") != nil)
        world.crash(.kill)
        #expect(launch().people.map(\.name) == ["Ann"])
    }

    @Test func aSaveThatCannotBeFlushedIsReported() {
        let screen = launch()
        world.arm(.on(.write, "Library/Preferences/*", .diskFull))
        screen.addPerson(name: "Ann", imageData: jpeg(1))
        #expect(screen.alert?.title == "People")
    }

    @Test func renamingSomeoneWhoIsNotThereIsIgnored() {
        let screen = launch()
        screen.rename(at: 3, to: "Nobody")
        #expect(screen.people.isEmpty && screen.alert == nil)
    }

    /// Every one-byte change (9 masks) and every truncation of a real archive: never a
    /// trap, and either people or nil. In a child process, so that a crash fails this test only.
    @Test func damagedArchivesNeverTrap() async {
        await #expect(processExitsWith: .success) {
            let data = archive([("Ann", "A1B2"), ("Bob", "C3D4"), ("Cat", "E5F6")])
            guard PeopleArchive.safeUnarchive(data)?.map(\.name) == ["Ann", "Bob", "Cat"] else { fatalError("intact") }
            var refused = 0
            for length in 0..<data.count where PeopleArchive.safeUnarchive(data.prefix(length)) == nil { refused += 1 }
            for offset in 0..<data.count {
                for mask: UInt8 in [0xFF, 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80] {
                    var damaged = data
                    damaged[damaged.startIndex + offset] ^= mask
                    if PeopleArchive.safeDecode(damaged, preferring: .nscoding) == nil { refused += 1 }
                }
            }
            guard refused >= data.count else { fatalError("truncated archives should not decode") }
        }
    }
}
