import Foundation
import Harness

/// Names to Faces' grid as the harness drives it: each new person comes with a new picture.
final class NamesToFacesDriver: AppDriver {
    private let screen: any PeopleScreen
    private var picturesTaken = 0

    init(screen: any PeopleScreen) { self.screen = screen }

    func perform(_ action: PluginValue) throws(ActionError) {
        switch action.as(PersonAction.self) {
        case .add(let name)?:
            picturesTaken += 1
            screen.addPerson(name: name, imageData: Self.jpeg(number: picturesTaken))
        case .rename(let index, let name)?:
            let count = screen.names.count
            guard index < count else { throw ActionError("there is no person \(index): the grid shows \(count)") }
            screen.rename(at: index, to: name)
        case nil:
            throw ActionError("not a Names to Faces action")
        }
    }

    /// A small JPEG-shaped picture: SOI marker, some bytes, EOI marker.
    static func jpeg(number: Int) -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data((0..<64).map { UInt8(truncatingIfNeeded: $0 &* number) })
            + Data([0xFF, 0xD9])
    }

    func observe() -> Observation {
        Observation(
            values: ["people": PeopleNames.value(screen.names)], alert: screen.alert,
            alertCount: screen.alerts.count)
    }

    func evaluate(_ check: AppCheck, in context: CheckContext) -> CheckFinding {
        guard let expected = check.value.as(PeopleCheck.self) else {
            return CheckFinding(holds: false, found: "not a Names to Faces check")
        }
        let shown = PeopleNames.names(observe().values["people"])
        return CheckFinding(holds: shown == expected.names, found: PeopleNames.describe(shown))
    }
}
