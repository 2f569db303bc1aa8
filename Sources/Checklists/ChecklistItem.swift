/// One row of the to-do list: stored with `PropertyListEncoder` as `text` and `checked`.
public final class ChecklistItem: Codable, @unchecked Sendable {
    public var text: String
    public var checked: Bool

    public init(text: String = "", checked: Bool = false) {
        self.text = text
        self.checked = checked
    }
}
