import Checklists
import Foundation
import Sandbox

/// A Checklists.plist of the lists variant: each list's name and its items' (text, checked, id).
func listsFile(_ lists: [(String, [(String, Bool, Int)])]) -> Data {
    let due = Date(timeIntervalSince1970: 1_772_352_000)
    let encoded = lists.map { name, items in
        Checklist(
            name: name,
            items: items.map { ListItem(text: $0.0, checked: $0.1, dueDate: due, itemID: $0.2) })
    }
    return try! PropertyListEncoder().encode(encoded)
}

/// What a lists-variant Checklists.plist holds: `List: Milk ✓ #0`, one string per list; nil when it
/// does not decode.
func storedLists(_ data: Data?) -> [String]? {
    guard let data, let lists = try? PropertyListDecoder().decode([Checklist].self, from: data) else { return nil }
    return lists.map(\.summary)
}

extension Checklist {
    /// `Groceries: Milk ✓ #0, Eggs #1`, or `Groceries:` when it has no items.
    var summary: String {
        "\(name):" + items.map { " \($0.checked ? "\($0.text) ✓" : $0.text) #\($0.itemID)" }.joined(separator: ",")
    }
}
