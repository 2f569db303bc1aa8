import Checklists
import Foundation
import Sandbox

/// Checklists: the list screen, loaded once, saving after every change.
final class ChecklistsDriver: AppDriver {
    static let bundleIdentifier = "com.example.Checklists"
    private let edition: Edition
    private var screen: ChecklistViewController?

    init(edition: Edition, scenario: Scenario) { self.edition = edition }

    func launch(_ environment: AppEnvironment) {
        let screen = ChecklistViewController(environment: environment, edition: edition)
        self.screen = screen
        screen.viewDidLoad()
    }

    func perform(_ action: AppAction) throws(ActionError) {
        guard let screen else { throw ActionError("the app is not running") }
        switch action {
        case .addItem(let text):
            screen.addItem(text: text)
        case .editItem(let index, let text):
            try checkRow(index, in: screen)
            screen.editItem(at: index, text: text)
        case .toggleItem(let index):
            try checkRow(index, in: screen)
            screen.toggleChecked(at: index)
        case .deleteItem(let index):
            try checkRow(index, in: screen)
            screen.deleteItem(at: index)
        default:
            throw ActionError("not a Checklists action")
        }
    }

    /// The user can only tap rows the table shows.
    private func checkRow(_ index: Int, in screen: ChecklistViewController) throws(ActionError) {
        guard screen.items.indices.contains(index) else {
            throw ActionError("there is no row \(index): the list shows \(screen.items.count) items")
        }
    }

    func observe() -> AppObservation {
        guard let screen else { return AppObservation() }
        var observation = AppObservation(alert: screen.alert, alertCount: screen.alerts.count)
        observation.items = screen.items.map { ExpectedItem(text: $0.text, checked: $0.checked) }
        return observation
    }
}
