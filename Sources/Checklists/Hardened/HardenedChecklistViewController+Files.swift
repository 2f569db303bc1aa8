import Foundation
import Sandbox

extension HardenedChecklistViewController {
    static let loadAlert = AppAlert(
        title: "Checklists",
        message: """
            Your list could not be read. It is kept as it is: a copy is saved before anything replaces it.
            """)
    static let noFolderAlert = AppAlert(
        title: "Checklists",
        message: """
            The app's Documents folder is not available, so your list cannot be opened or saved right now.
            """)
    static let saveAlert = AppAlert(title: "Checklists", message: "Your last change could not be saved.")

    /// Reads the list (until two reads agree); what it cannot read is kept and reported.
    public func loadChecklistItems() {
        guard let url = dataFilePathIfAvailable() else {
            file.state = .unknown
            alert = Self.noFolderAlert
            return
        }
        switch file.read(url) {
        case .absent:
            file.state = .owned
        case .content(let stored):
            items = stored
            file.state = .owned
        case .unreadable(let data, let problem):
            env.console("Error decoding item array: \(problem)")
            file.state = .unreadable(data)
            alert = Self.loadAlert
        case .failed(let error):
            env.console("Error reading item array: \(error.localizedDescription)")
            file.state = .unknown
            alert = Self.loadAlert
        }
    }

    /// A failed save tells the user; the change stays on screen and the next save writes it.
    public func saveChecklistItems() {
        guard let url = dataFilePathIfAvailable() else {
            alert = Self.noFolderAlert
            return
        }
        do {
            // Everything on screen was added since launch: it goes after the stored items.
            if try file.makeReplaceable(url, merge: { items = $0 + items }) { alert = Self.loadAlert }
            let data = try PropertyListEncoder().encode(items)
            try env.files.write(data, to: url, mode: .atomic)
        } catch {
            env.console("Error saving item array: \(error.localizedDescription)")
            alert = Self.saveAlert
        }
    }
}
