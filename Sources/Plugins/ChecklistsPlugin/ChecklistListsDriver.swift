import Foundation
import Harness

/// `app checklists lists` as the harness drives it: the lists screen, and the list it opened.
final class ChecklistListsDriver: AppDriver {
    private let model: any ChecklistListsScreen

    init(model: any ChecklistListsScreen) { self.model = model }

    func perform(_ action: PluginValue) throws(ActionError) {
        if let action = action.as(ListAction.self) {
            // List actions are on the lists screen: the user goes back to it first.
            model.closeChecklist()
            switch action {
            case .add(let name):
                model.addChecklist(name: name)
            case .rename(let index, let name):
                try checkList(index)
                model.renameChecklist(at: index, to: name)
            case .delete(let index):
                try checkList(index)
                model.deleteChecklist(at: index)
            case .open(let index):
                try checkList(index)
                model.openChecklist(at: index)
            }
        } else if let action = action.as(ChecklistAction.self) {
            guard let open = openList else { throw ActionError("no list is open: 'list open N' opens one") }
            try action.perform(on: model, rowCount: open.items.count)
        } else {
            throw ActionError("not a Checklists action")
        }
    }

    /// The list the screen shows the items of, if one is open.
    private var openList: ShownChecklist? {
        guard let index = model.openListIndex else { return nil }
        let lists = model.shownLists
        return lists.indices.contains(index) ? lists[index] : nil
    }

    /// The user can only tap lists the screen shows.
    private func checkList(_ index: Int) throws(ActionError) {
        let count = model.shownLists.count
        guard index < count else { throw ActionError("there is no list \(index): the screen shows \(count) lists") }
    }

    func enterBackground() { model.sceneDidEnterBackground() }

    func observe() -> Observation {
        let lists = model.shownLists
        return Observation(
            values: ["items": ChecklistLists.value(lists), "ids": ChecklistLists.ids(lists)],
            alert: model.alert, alertCount: model.alerts.count)
    }

    func evaluate(_ check: AppCheck, in context: CheckContext) -> CheckFinding {
        if let expected = check.value.as(ListsCheck.self) {
            let names = model.shownLists.map(\.name)
            return CheckFinding(holds: names == expected.names, found: ChecklistLists.describe(names))
        }
        if check.value.as(UniqueItemIDsCheck.self) != nil {
            let ids = model.shownLists.flatMap(\.items).map(\.id)
            return CheckFinding(holds: Set(ids).count == ids.count, found: ChecklistLists.describeIDs(ids))
        }
        if let expected = check.value.as(ChecklistCheck.self) {
            guard let open = openList else {
                // The lists screen shows no rows; rows it should show cannot be looked for.
                return expected.rows.isEmpty
                    ? CheckFinding(holds: true, found: "no list open") : .cannotEvaluate("no list open")
            }
            let shown = open.items.map { ChecklistRow(text: $0.text, checked: $0.checked) }
            return CheckFinding(holds: shown == expected.rows, found: ChecklistRows.describe(shown))
        }
        return .cannotEvaluate("not a Checklists check")
    }
}
