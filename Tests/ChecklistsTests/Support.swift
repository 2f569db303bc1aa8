import Checklists
import Foundation
import Sandbox

let checklistPath = "Documents/Checklists.plist"

/// A Checklists.plist as the book writes it.
func checklistFile(_ items: [(String, Bool)]) -> Data {
    try! PropertyListEncoder().encode(items.map { ChecklistItem(text: $0.0, checked: $0.1) })
}

/// What a Checklists.plist holds, as (text, checked) pairs; nil when it does not decode.
func storedItems(_ data: Data?) -> [String]? {
    guard let data, let items = try? PropertyListDecoder().decode([ChecklistItem].self, from: data) else { return nil }
    return items.map(\.summary)
}

extension ChecklistItem {
    /// "Milk" or "Milk ✓".
    var summary: String { checked ? "\(text) ✓" : text }
}

extension FaultRule {
    static func on(
        _ kind: OperationKind, _ path: String, _ fault: Fault,
        _ occurrence: Occurrence = .nth(1)
    ) -> FaultRule {
        FaultRule(kind: kind, path: PathPattern(path), occurrence: occurrence, fault: fault)
    }
}
