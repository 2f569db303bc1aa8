import Foundation
import Harness

/// Names to Faces' grid as the harness drives it: each new person comes with the picture of their name.
final class NamesToFacesDriver: AppDriver {
    private let screen: any PeopleScreen

    init(screen: any PeopleScreen) { self.screen = screen }

    func perform(_ action: PluginValue) throws(ActionError) {
        switch action.as(PersonAction.self) {
        case .add(let name)?:
            screen.addPerson(name: name, imageData: PersonPicture.bytes(for: name))
        case .rename(let index, let name)?:
            try requirePerson(index)
            screen.rename(at: index, to: name)
        case .delete(let index)?:
            try requirePerson(index)
            screen.deletePerson(at: index)
        case nil:
            throw ActionError("not a Names to Faces action")
        }
    }

    private func requirePerson(_ index: Int) throws(ActionError) {
        let count = screen.names.count
        guard index < count else { throw ActionError("there is no person \(index): the grid shows \(count)") }
    }

    func enterBackground() { screen.sceneDidEnterBackground() }

    func observe() -> Observation {
        Observation(
            values: [
                "people": PeopleNames.value(screen.names),
                "faces": PeopleNames.value(faces()),
                "pictures": .list(screen.pictureNames.map(ObservedValue.text)),
            ], alert: screen.alert, alertCount: screen.alerts.count)
    }

    /// The names of the people whose cell shows a whole picture (of anyone), read as the grid reads them.
    private func faces() -> [String] {
        let names = screen.names
        return names.indices.filter { index in
            (try? screen.imageData(at: index)).flatMap(PersonPicture.seed(ofWhole:)) != nil
        }
        .map { names[$0] }
    }

    func evaluate(_ check: AppCheck, in context: CheckContext) -> CheckFinding {
        if let picture = check.value.as(PictureCheck.self) { return picture.evaluate(on: screen) }
        guard let expected = check.value.as(PeopleCheck.self) else {
            return CheckFinding.cannotEvaluate("not a Names to Faces check")
        }
        let shown = expected.faces ? faces() : screen.names
        return CheckFinding(holds: shown == expected.names, found: PeopleNames.describe(shown))
    }
}
