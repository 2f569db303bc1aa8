import Foundation
import Sandbox

extension HardenedChecklistViewController {
    static let alerts = ChecklistFileAlerts(
        load: AppAlert(
            title: "Checklists",
            message: """
                Your list could not be read. It is kept as it is: a copy is saved before anything replaces it.
                """),
        noFolder: AppAlert(
            title: "Checklists",
            message: """
                The app's Documents folder is not available, so your list cannot be opened or saved right now.
                """))

    /// Reads the list (until two reads agree); what it cannot read is kept and reported.
    public func loadChecklistItems() {
        let (stored, problem) = file.load()
        if let stored { items = stored }
        if let problem { alert = problem }
    }

    /// A failed save tells the user; the change stays on screen and the next save writes it.
    public func saveChecklistItems() {
        // Everything on screen was added since launch: it goes after the stored items.
        let result = file.save(merge: { items = $0 + items }, encode: { try coder.encode(items) })
        for raised in result.alerts { alert = raised }
    }
}
