import Foundation
import NamesToFaces
import Sandbox

/// Names to Faces: the people grid, saved to the key-value store.
final class NamesToFacesDriver: AppDriver {
    static let bundleIdentifier = "com.example.NamesToFaces"
    private let edition: Edition
    private let encoding: PeopleEncoding
    private var screen: PeopleViewController?
    private var picturesTaken = 0

    init(edition: Edition, scenario: Scenario) {
        self.edition = edition
        self.encoding = scenario.peopleEncoding
    }

    func launch(_ environment: AppEnvironment) {
        let screen = PeopleViewController(environment: environment, edition: edition, encoding: encoding)
        self.screen = screen
        screen.viewDidLoad()
    }

    func perform(_ action: AppAction) throws(ActionError) {
        guard let screen else { throw ActionError("the app is not running") }
        switch action {
        case .addPerson(let name):
            picturesTaken += 1
            screen.addPerson(name: name, imageData: Self.jpeg(number: picturesTaken))
        case .renamePerson(let index, let name):
            guard screen.people.indices.contains(index) else {
                throw ActionError("there is no person \(index): the grid shows \(screen.people.count)")
            }
            screen.rename(at: index, to: name)
        default:
            throw ActionError("not a Names to Faces action")
        }
    }

    /// A small JPEG-shaped picture: SOI marker, some bytes, EOI marker.
    static func jpeg(number: Int) -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data((0..<64).map { UInt8(truncatingIfNeeded: $0 &* number) }) + Data([0xFF, 0xD9])
    }

    func observe() -> AppObservation {
        guard let screen else { return AppObservation() }
        var observation = AppObservation(alert: screen.alert, alertCount: screen.alerts.count)
        observation.people = screen.people.map(\.name)
        return observation
    }
}
