import Checklists
import Foundation
import Testing

@Test func itemsEncodeAsTextAndChecked() throws {
    let data = try PropertyListEncoder().encode([ChecklistItem(text: "Milk", checked: true)])
    let decoded = try PropertyListSerialization.propertyList(from: data, format: nil) as? [[String: Any]]
    #expect(decoded?.first?["text"] as? String == "Milk")
    #expect(decoded?.first?["checked"] as? Bool == true)
}
