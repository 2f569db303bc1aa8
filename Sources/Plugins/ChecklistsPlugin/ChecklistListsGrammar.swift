import Foundation
import Harness

/// What the user does on the lists screen of `app checklists lists` (lists count from 0, in the
/// order the screen shows them).
public enum ListAction: Hashable, Sendable {
    /// `list add Groceries`.
    case add(String)
    /// `list rename 0 Shopping`.
    case rename(index: Int, name: String)
    /// `list delete 0`.
    case delete(index: Int)
    /// `list open 0`: the item actions and checks then apply to this list.
    case open(index: Int)
}

/// `expect lists empty`, `expect lists: Groceries, Work`: exactly these lists, in order.
public struct ListsCheck: PluginCheck {
    public var names: [String]

    public init(names: [String]) { self.names = names }

    public var expected: String { ChecklistLists.describe(names) }
}

/// `expect item ids unique`: no two items, in any list, share an id.
public struct UniqueItemIDsCheck: PluginCheck {
    public init() {}

    public var expected: String { "every item id different" }
}

/// The words of the lists variant's action and checks.
enum ChecklistListsGrammar {
    static let actions = [
        ActionDeclaration(verb: "list", usage: "list add NAME | list rename N NAME | list delete N | list open N") {
            reader throws(ScenarioError) in
            let (sub, _) = try reader.choice("list action", ["add", "rename", "delete", "open"])
            reader.usage = "list \(sub)" + ["add": " NAME", "rename": " N NAME", "delete": " N", "open": " N"][sub]!
            switch sub {
            case "add":
                return PluginValue(ListAction.add(try reader.rest().text))
            case "rename":
                let index = try reader.wholeNumber()
                return PluginValue(ListAction.rename(index: index, name: try reader.rest().text))
            default:
                let index = try reader.wholeNumber()
                try reader.finish()
                return PluginValue(sub == "delete" ? ListAction.delete(index: index) : .open(index: index))
            }
        }
    ]

    static let usage = "expect lists empty | expect lists: NAME, NAME"

    static let checks = [
        CheckDeclaration(name: "lists", usage: usage) { reader throws(ScenarioError) in
            try reader.empty(after: "lists")
            return AppCheck(ListsCheck(names: []))
        },
        CheckDeclaration(name: "lists:", usage: usage) { reader throws(ScenarioError) in
            AppCheck(ListsCheck(names: try reader.names()))
        },
        CheckDeclaration(name: "item", usage: "expect item ids unique") { reader throws(ScenarioError) in
            _ = try reader.choice("item check", ["ids"])
            _ = try reader.choice("item ids check", ["unique"])
            try reader.finish()
            return AppCheck(UniqueItemIDsCheck())
        },
    ]
}

/// The lists variant's `items` observation: per list, an entry of its name and one of each item
/// (the list's name, the item's text and check mark), so that a lost list, even an empty one, and a
/// lost item are each an entry missing. The `ids` observation: every item's id.
enum ChecklistLists {
    static func value(_ lists: [ShownChecklist]) -> ObservedValue {
        .list(
            lists.flatMap { list in
                [.record([.text(list.name)])]
                    + list.items.map { .record([.text(list.name), .text($0.text), .bool($0.checked)]) }
            })
    }

    static func ids(_ lists: [ShownChecklist]) -> ObservedValue {
        .list(lists.flatMap { $0.items.map { .integer($0.id) } })
    }

    /// The lists' names, in order, from a `lists` value.
    static func names(_ value: ObservedValue?) -> [String] {
        guard case .list(let entries)? = value else { return [] }
        return entries.compactMap { entry in
            guard case .record(let fields) = entry, fields.count == 1, case .text(let name) = fields[0] else {
                return nil
            }
            return name
        }
    }

    static func describe(_ names: [String]) -> String { names.isEmpty ? "no lists" : names.joined(separator: ", ") }

    /// Whether an `items` value is the lists variant's: its entries are a list's name (one field) or
    /// a list's item (three), where the one list's rows have two.
    static func isLists(_ value: ObservedValue) -> Bool {
        guard case .list(let entries) = value, case .record(let fields)? = entries.first else { return false }
        return fields.count != 2
    }

    /// No line for items alone (a lost item, out of its list): no `expect` names them, and "lists empty"
    /// would be false.
    static func expectations(_ value: ObservedValue) -> [String] {
        let names = names(value)
        if names.isEmpty, case .list(let entries) = value, !entries.isEmpty { return [] }
        return [names.isEmpty ? "expect lists empty" : "expect lists: " + names.joined(separator: ", ")]
    }

    /// `ids 0, 1, 1 (1 twice)`.
    static func describeIDs(_ ids: [Int]) -> String {
        guard !ids.isEmpty else { return "no items" }
        let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        let list = "ids " + ids.map(String.init).joined(separator: ", ")
        return repeated.isEmpty
            ? list : list + " (" + repeated.map { "\($0) more than once" }.joined(separator: ", ") + ")"
    }
}
