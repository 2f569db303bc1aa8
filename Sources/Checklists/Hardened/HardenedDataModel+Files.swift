import Foundation
import Sandbox

extension HardenedDataModel {
    static let alerts = ChecklistFileAlerts(
        load: AppAlert(
            title: "Checklists",
            message: """
                Your lists could not be read. They are kept as they are: a copy is saved before anything \
                replaces them.
                """),
        noFolder: AppAlert(
            title: "Checklists",
            message: """
                The app's Documents folder is not available, so your lists cannot be opened or saved right now.
                """))

    /// The lists in `data`: the book's `[Checklist]`, or the earlier chapters' `[ChecklistItem]` as one
    /// list named "List" whose items are due `now()` and have no id yet (-1).
    static func decode(_ data: Data, coder: any ChecklistCoder, now: () -> Date) throws -> [Checklist] {
        do {
            return try coder.decode([Checklist].self, from: data)
        } catch {
            guard let items = try? coder.decode([ChecklistItem].self, from: data) else { throw error }
            let upgraded = items.map { ListItem(text: $0.text, checked: $0.checked, dueDate: now(), itemID: -1) }
            return [Checklist(name: "List", items: upgraded)]
        }
    }

    /// Reads the lists (until two reads agree); what it cannot read is kept and reported. Lists of the
    /// earlier file format get their ids and are saved in the new one at once, so the ids last.
    public func loadChecklists() {
        let (stored, problem) = file.load()
        if let problem { alert = problem }
        guard let stored else {
            if case .owned = file.state { foundNoFile = true }
            return
        }
        lists = stored
        sortChecklists()
        if numberUpgradedItems() { saveChecklists() }
    }

    /// Saves every list; a failed save tells the user (false), the change stays on screen and the
    /// next save writes it.
    @discardableResult public func saveChecklists() -> Bool {
        let result = file.save(
            merge: { stored in
                // Lists on screen were made since launch: the stored ones join them.
                lists = stored + lists
                sortChecklists()
                numberUpgradedItems()
            },
            encode: { try coder.encode(lists) })
        for raised in result.alerts { alert = raised }
        return result.saved
    }

    /// Gives the items read from the earlier file format their ids; true when there were any.
    @discardableResult private func numberUpgradedItems() -> Bool {
        let unnumbered = lists.flatMap(\.items).filter { $0.itemID < 0 }
        for item in unnumbered { item.itemID = nextChecklistItemID() }
        return !unnumbered.isEmpty
    }
}
