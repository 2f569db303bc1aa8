import Foundation
import Harness

/// Checklists' list screen as the harness drives it: loaded once, saving after every change.
final class ChecklistsDriver: AppDriver {
    private let screen: any ChecklistScreen

    init(screen: any ChecklistScreen) { self.screen = screen }

    func perform(_ action: PluginValue) throws(ActionError) {
        guard let action = action.as(ChecklistAction.self) else { throw ActionError("not a Checklists action") }
        switch action {
        case .add(let text):
            screen.addItem(text: text)
        case .edit(let index, let text):
            try checkRow(index)
            screen.editItem(at: index, text: text)
        case .toggle(let index):
            try checkRow(index)
            screen.toggleChecked(at: index)
        case .delete(let index):
            try checkRow(index)
            screen.deleteItem(at: index)
        }
    }

    /// The user can only tap rows the table shows.
    private func checkRow(_ index: Int) throws(ActionError) {
        let count = screen.rows.count
        guard index < count else { throw ActionError("there is no row \(index): the list shows \(count) items") }
    }

    func observe() -> Observation {
        Observation(
            values: ["items": ChecklistRows.value(screen.rows.map(ChecklistRow.init))],
            alert: screen.alert, alertCount: screen.alerts.count)
    }

    func evaluate(_ check: AppCheck, in context: CheckContext) -> CheckFinding {
        guard let expected = check.value.as(ChecklistCheck.self) else {
            return CheckFinding.cannotEvaluate("not a Checklists check")
        }
        let shown = ChecklistRows.rows(observe().values["items"])
        return CheckFinding(holds: shown == expected.rows, found: ChecklistRows.describe(shown))
    }
}
