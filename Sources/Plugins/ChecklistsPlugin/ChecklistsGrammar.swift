import Foundation
import Harness

/// What the user does in the list (rows count from 0, as the table's do).
public enum ChecklistAction: Hashable, Sendable {
    /// `item add Buy milk`.
    case add(String)
    /// `item edit 0 Buy oat milk`.
    case edit(index: Int, text: String)
    /// `item toggle 0`.
    case toggle(index: Int)
    /// `item delete 0`.
    case delete(index: Int)
}

/// One row as the user sees it: its text and its check mark.
public struct ChecklistRow: Hashable, Sendable {
    public var text: String
    public var checked: Bool

    public init(text: String, checked: Bool) {
        self.text = text
        self.checked = checked
    }

    init(_ row: (text: String, checked: Bool)) { self.init(text: row.text, checked: row.checked) }

    /// `[x] Buy milk`, `[ ] Walk dog`.
    var line: String { (checked ? "[x] " : "[ ] ") + text }
}

/// `expect items empty`, `expect items: [x] Buy milk, [ ] Walk dog`: exactly these rows, in order.
public struct ChecklistCheck: PluginCheck {
    public var rows: [ChecklistRow]

    public init(rows: [ChecklistRow]) { self.rows = rows }

    public var expected: String { ChecklistRows.describe(rows) }
}

/// The words of Checklists' action and checks.
enum ChecklistsGrammar {
    static let actions = [
        ActionDeclaration(verb: "item", usage: "item add TEXT | item edit N TEXT | item toggle N | item delete N") {
            reader throws(ScenarioError) in
            let (sub, _) = try reader.choice("item action", ["add", "edit", "toggle", "delete"])
            reader.usage = "item \(sub)" + ["add": " TEXT", "edit": " N TEXT", "toggle": " N", "delete": " N"][sub]!
            switch sub {
            case "add":
                return PluginValue(ChecklistAction.add(try reader.rest().text))
            case "edit":
                let index = try reader.wholeNumber()
                return PluginValue(ChecklistAction.edit(index: index, text: try reader.rest().text))
            default:
                let index = try reader.wholeNumber()
                try reader.finish()
                return PluginValue(sub == "toggle" ? ChecklistAction.toggle(index: index) : .delete(index: index))
            }
        }
    ]

    static let usage = "expect items empty | expect items: [x] TEXT, [ ] TEXT"

    /// `expect items empty` and `expect items: [x] TEXT, [ ] TEXT`: exactly these rows.
    static let checks = [
        CheckDeclaration(name: "items", usage: usage) { reader throws(ScenarioError) in
            try reader.empty(after: "items")
            return AppCheck(ChecklistCheck(rows: []))
        },
        CheckDeclaration(name: "items:", usage: usage) { reader throws(ScenarioError) in
            AppCheck(ChecklistCheck(rows: try rows(&reader)))
        },
    ]

    /// `[x] TEXT, [ ] TEXT` up to the end of the line.
    static func rows(_ reader: inout CommandReader) throws(ScenarioError) -> [ChecklistRow] {
        var rows: [ChecklistRow] = []
        for entry in try reader.list(reader.remaining()) {
            var rest = entry[...]
            let checked: Bool
            if !entry[0].quoted && entry[0].text == "[x]" {
                checked = true
                rest = rest.dropFirst()
            } else if entry.count >= 2, !entry[0].quoted, entry[0].text == "[", !entry[1].quoted, entry[1].text == "]" {
                checked = false
                rest = rest.dropFirst(2)
            } else {
                let text = entry.map(\.text).joined(separator: " ")
                throw reader.error(entry[0], "each item must start with '[x]' or '[ ]', found '\(text)'")
            }
            guard !rest.isEmpty else {
                let box = checked ? "[x]" : "[ ]"
                throw reader.error(at: entry.last!.endColumn, "expected the item's text after '\(box)'")
            }
            rows.append(ChecklistRow(text: rest.map(\.text).joined(separator: " "), checked: checked))
        }
        return rows
    }
}

/// The `items` observation: a list of records of each row's text and check mark.
enum ChecklistRows {
    static func value(_ rows: [ChecklistRow]) -> ObservedValue {
        .list(rows.map { .record([.text($0.text), .bool($0.checked)]) })
    }

    static func rows(_ value: ObservedValue?) -> [ChecklistRow] {
        guard case .list(let rows)? = value else { return [] }
        return rows.compactMap { row in
            guard case .record(let fields) = row, fields.count == 2, case .text(let text) = fields[0],
                case .bool(let checked) = fields[1]
            else { return nil }
            return ChecklistRow(text: text, checked: checked)
        }
    }

    static func describe(_ rows: [ChecklistRow]) -> String {
        rows.isEmpty ? "no items" : rows.map(\.line).joined(separator: ", ")
    }

    /// The lines of either variant's `items` value: the lists variant's name its lists (a list's
    /// rows show only once it is opened), the one list's its rows.
    static func expectations(_ value: ObservedValue, calendar: Calendar) -> [String] {
        if ChecklistLists.isLists(value) { return ChecklistLists.expectations(value) }
        let rows = rows(value)
        return [rows.isEmpty ? "expect items empty" : "expect items: " + rows.map(\.line).joined(separator: ", ")]
    }
}
