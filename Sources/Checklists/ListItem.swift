import Foundation

/// One row of a `Checklist`: the later chapters' `ChecklistItem`, grown an id, a due date and a
/// reminder, stored as `text`, `checked`, `dueDate`, `shouldRemind` and `itemID`.
public final class ListItem: Codable, @unchecked Sendable {
    public var text: String
    public var checked: Bool
    public var dueDate: Date
    public var shouldRemind: Bool
    /// From the data model's `nextChecklistItemID()`: what a reminder is scheduled under.
    public var itemID: Int

    public init(text: String, checked: Bool = false, dueDate: Date, shouldRemind: Bool = false, itemID: Int) {
        self.text = text
        self.checked = checked
        self.dueDate = dueDate
        self.shouldRemind = shouldRemind
        self.itemID = itemID
    }
}
