import Foundation
import Harness

/// Checklists' list screen as the harness drives it: loaded once, saving as its edition saves.
final class ChecklistsDriver: AppDriver {
    private let screen: any ChecklistScreen

    init(screen: any ChecklistScreen) { self.screen = screen }

    func perform(_ action: PluginValue) throws(ActionError) {
        if action.as(ListAction.self) != nil { throw ActionError(Self.oneList) }
        guard let action = action.as(ChecklistAction.self) else { throw ActionError("not a Checklists action") }
        try action.perform(on: screen, rowCount: screen.rows.count)
    }

    /// What a lists action or check says in the one-list app.
    static let oneList = "this app has one list: named lists are 'app checklists lists'"

    func enterBackground() { screen.sceneDidEnterBackground() }

    func observe() -> Observation {
        Observation(
            values: ["items": ChecklistRows.value(screen.rows.map(ChecklistRow.init))],
            alert: screen.alert, alertCount: screen.alerts.count)
    }

    func evaluate(_ check: AppCheck, in context: CheckContext) -> CheckFinding {
        guard let expected = check.value.as(ChecklistCheck.self) else {
            let isListsCheck = check.value.as(ListsCheck.self) != nil || check.value.as(UniqueItemIDsCheck.self) != nil
            return .cannotEvaluate(isListsCheck ? Self.oneList : "not a Checklists check")
        }
        let shown = ChecklistRows.rows(observe().values["items"])
        return CheckFinding(holds: shown == expected.rows, found: ChecklistRows.describe(shown))
    }
}

extension ChecklistAction {
    /// Performs the action on the rows of `screen`'s list, which shows `rowCount` rows.
    func perform(on screen: any ChecklistRowEditing, rowCount: Int) throws(ActionError) {
        switch self {
        case .add(let text):
            screen.addItem(text: text)
        case .edit(let index, let text):
            try Self.checkRow(index, rowCount)
            screen.editItem(at: index, text: text)
        case .toggle(let index):
            try Self.checkRow(index, rowCount)
            screen.toggleChecked(at: index)
        case .delete(let index):
            try Self.checkRow(index, rowCount)
            screen.deleteItem(at: index)
        }
    }

    /// The user can only tap rows the table shows.
    private static func checkRow(_ index: Int, _ count: Int) throws(ActionError) {
        guard index < count else { throw ActionError("there is no row \(index): the list shows \(count) items") }
    }
}
