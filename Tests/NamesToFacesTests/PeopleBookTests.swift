import Foundation
import NamesToFaces
import Sandbox
import Testing

/// The book's two editions of the people grid, flaws included.
@Suite struct PeopleBookTests {
    let world = SimulatedWorld()

    func launch(_ encoding: PeopleEncoding) -> PeopleViewController {
        let screen = PeopleViewController(env: world.launch(), encoding: encoding)
        screen.viewDidLoad()
        return screen
    }

    @Test(arguments: PeopleEncoding.allCases)
    func firstLaunchShowsNobodyAndNoAlert(encoding: PeopleEncoding) {
        let screen = launch(encoding)
        #expect(screen.people.isEmpty)
        #expect(screen.alert == nil)
    }

    @Test(arguments: PeopleEncoding.allCases)
    func addingAPersonWritesThePictureAndSavesThePeople(encoding: PeopleEncoding) throws {
        let screen = launch(encoding)
        screen.addPerson(name: "Ann", imageData: jpeg(1))
        let person = try #require(screen.people.first)
        #expect(person.name == "Ann")
        #expect(UUID(uuidString: person.image) != nil, "the picture's name is a UUID string")
        #expect(world.fileData("Documents/\(person.image)") == jpeg(1))
        let write = world.operations.first { $0.kind == .write && $0.path == "Documents/\(person.image)" }
        #expect(write != nil, "a plain write, straight to the file")
        let data = try #require(world.storedPeople)
        switch encoding {
        case .nscoding: #expect(data.starts(with: Array("bplist00".utf8)))
        case .codable: #expect(data.first == UInt8(ascii: "["))
        }
    }

    @Test(arguments: PeopleEncoding.allCases)
    func peopleSurviveARelaunchOnceTheStoreFlushes(encoding: PeopleEncoding) {
        let screen = launch(encoding)
        screen.addPerson(name: "Ann", imageData: jpeg(1))
        screen.addPerson(name: "Bob", imageData: jpeg(2))
        screen.rename(at: 0, to: "Anna")
        world.exitCleanly()
        let relaunched = launch(encoding)
        #expect(relaunched.people.map(\.name) == ["Anna", "Bob"])
        #expect(relaunched.people.map(\.image) == screen.people.map(\.image))
    }

    @Test func aKillBeforeTheFlushLosesThePeople() {
        let screen = launch(.nscoding)
        screen.addPerson(name: "Ann", imageData: jpeg(1))
        world.crash(.kill)
        #expect(launch(.nscoding).people.isEmpty, "a platform loss: the book never flushes")
    }

    @Test func pictureNamesAreTheSameInEveryRunAndDifferForEveryPicture() {
        func run() -> [String] {
            let world = SimulatedWorld()
            let screen = PeopleViewController(env: world.launch(), encoding: .nscoding)
            screen.viewDidLoad()
            screen.addPerson(name: "Ann", imageData: jpeg(1))
            screen.addPerson(name: "Ann", imageData: jpeg(1))
            return screen.people.map(\.image)
        }
        let names = run()
        #expect(names == run())
        #expect(Set(names).count == 2)
    }

    @Test func aFailedPictureWriteIsIgnored() {
        let screen = launch(.nscoding)
        world.arm(.on(.write, "Documents/*", .diskFull))
        screen.addPerson(name: "Ann", imageData: jpeg(1))
        #expect(screen.people.map(\.name) == ["Ann"])
        #expect(screen.alert == nil)
        #expect(world.fileData("Documents/\(screen.people[0].image)")?.isEmpty == true, "the picture is empty")
    }

    @Test(arguments: PeopleEncoding.allCases)
    func aValueThatIsNotDataIsIgnoredAndThenReplaced(encoding: PeopleEncoding) {
        world.putDefaultsValue(.string("Ann, Bob"), forKey: "people")
        let screen = launch(encoding)
        #expect(screen.people.isEmpty)
        #expect(screen.alert == nil)
        screen.addPerson(name: "Cat", imageData: jpeg(3))
        #expect(world.storedPeople != nil, "Ann and Bob are gone, with no copy")
        #expect(world.defaultsValue(forKey: "people.unreadable") == nil)
    }

    @Test func aOneOffWrongTypeReadPassesForNobody() {
        world.putDefaultsValue(.data(archive([("Ann", "A")])), forKey: "people")
        world.arm(.on(.get, "defaults:people", .wrongType))
        let screen = launch(.nscoding)
        #expect(screen.people.isEmpty)
    }

    @Test func codableGarbageIsPrintedAndLeavesNobody() {
        world.putDefaultsValue(.data(Data("garbage".utf8)), forKey: "people")
        let screen = launch(.codable)
        #expect(screen.people.isEmpty)
        #expect(screen.alert == nil)
        #expect(world.printedLines == ["Failed to load people"])
    }

    #if os(Linux)
        // swift-corelibs-foundation's unarchiveTopLevelObjectWithData traps instead of throwing.
        @Test func unarchivingDataThatIsNotAKeyedArchiveTraps() async {
            await #expect(processExitsWith: .failure, "garbage") {
                let world = SimulatedWorld()
                world.putDefaultsValue(.data(Data("garbage".utf8)), forKey: "people")
                PeopleViewController(env: world.launch(), encoding: .nscoding).viewDidLoad()
            }
            await #expect(processExitsWith: .failure, "what the Codable edition stored") {
                let world = SimulatedWorld()
                world.putDefaultsValue(.data(Data(#"[{"name":"Ann","image":"A"}]"#.utf8)), forKey: "people")
                PeopleViewController(env: world.launch(), encoding: .nscoding).viewDidLoad()
            }
            await #expect(processExitsWith: .failure, "a property list that is not an archive") {
                let world = SimulatedWorld()
                let plist = try! PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0)
                world.putDefaultsValue(.data(plist), forKey: "people")
                PeopleViewController(env: world.launch(), encoding: .nscoding).viewDidLoad()
            }
        }
    #else
        @Test func unarchivingDataThatIsNotAKeyedArchiveLeavesNobody() {
            world.putDefaultsValue(.data(Data("garbage".utf8)), forKey: "people")
            #expect(launch(.nscoding).people.isEmpty)
        }
    #endif

    @Test func noDocumentsURLTrapsWhenAPictureIsAdded() async {
        await #expect(processExitsWith: .failure) {
            let world = SimulatedWorld()
            world.arm(FaultRule(kind: .urls, path: PathPattern("Documents"), fault: .noURL))
            let screen = PeopleViewController(env: world.launch(), encoding: .nscoding)
            screen.addPerson(name: "Ann", imageData: Data([0xFF, 0xD8]))
        }
    }
}
