import Foundation
import Sandbox

extension HardenedDataModel {
    static let loadAlert = AppAlert(
        title: "Checklists",
        message: """
            Your lists could not be read. They are kept as they are: a copy is saved before anything replaces them.
            """)
    static let noFolderAlert = AppAlert(
        title: "Checklists",
        message: """
            The app's Documents folder is not available, so your lists cannot be opened or saved right now.
            """)
    static let saveAlert = AppAlert(title: "Checklists", message: "Your last change could not be saved.")

    /// The lists in `data`: the book's `[Checklist]`, or the earlier chapters' `[ChecklistItem]` as one
    /// list named "List" whose items are due `now()` and have no id yet (-1).
    static func decode(_ data: Data, now: () -> Date) throws -> [Checklist] {
        let decoder = PropertyListDecoder()
        do {
            return try decoder.decode([Checklist].self, from: data)
        } catch {
            guard let items = try? decoder.decode([ChecklistItem].self, from: data) else { throw error }
            let upgraded = items.map { ListItem(text: $0.text, checked: $0.checked, dueDate: now(), itemID: -1) }
            return [Checklist(name: "List", items: upgraded)]
        }
    }

    /// Reads the lists (until two reads agree); what it cannot read is kept and reported. Lists of the
    /// earlier file format get their ids and are saved in the new one at once, so the ids last.
    public func loadChecklists() {
        guard let url = file.url() else {
            file.state = .unknown
            alert = Self.noFolderAlert
            return
        }
        switch file.read(url) {
        case .absent:
            file.state = .owned
        case .content(let stored):
            lists = stored
            file.state = .owned
            sortChecklists()
            if numberUpgradedItems() { saveChecklists() }
        case .unreadable(let data, let problem):
            env.console("Error decoding list array: \(problem)")
            file.state = .unreadable(data)
            alert = Self.loadAlert
        case .failed(let error):
            env.console("Error reading list array: \(error.localizedDescription)")
            file.state = .unknown
            alert = Self.loadAlert
        }
    }

    /// Gives the items read from the earlier file format their ids; true when there were any.
    @discardableResult private func numberUpgradedItems() -> Bool {
        let unnumbered = lists.flatMap(\.items).filter { $0.itemID < 0 }
        for item in unnumbered { item.itemID = nextChecklistItemID() }
        return !unnumbered.isEmpty
    }

    /// Saves every list; a failed save tells the user (false), the change stays on screen and the
    /// next save writes it.
    @discardableResult public func saveChecklists() -> Bool {
        guard let url = file.url() else {
            alert = Self.noFolderAlert
            return false
        }
        do {
            // Lists on screen were made since launch: the stored ones join them.
            let foundUnreadable = try file.makeReplaceable(url) { stored in
                lists = stored + lists
                sortChecklists()
                numberUpgradedItems()
            }
            if foundUnreadable {
                alert = Self.loadAlert
            }
            try env.files.write(try PropertyListEncoder().encode(lists), to: url, mode: .atomic)
            return true
        } catch {
            env.console("Error saving list array: \(error.localizedDescription)")
            alert = Self.saveAlert
            return false
        }
    }
}
