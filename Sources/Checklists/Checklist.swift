/// One named list of the later chapters' `DataModel`: stored with `PropertyListEncoder` as `name`,
/// `items` and `iconName`, the lists of `Checklists.plist` in the order the user sees them.
public final class Checklist: Codable, @unchecked Sendable {
    public var name: String
    public var items: [ListItem]
    public var iconName: String

    public init(name: String, iconName: String = "No Icon", items: [ListItem] = []) {
        self.name = name
        self.iconName = iconName
        self.items = items
    }
}
