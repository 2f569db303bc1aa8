import HIITFit

/// `expect CHECK ...`: what the user would see.
extension CommandReader {
    static let expectationKinds = ["crashed", "trapped", "alert", "printed", "history", "rating", "ratings", "tab",
                                   "items", "items:", "people", "people:", "file", "files", "defaults", "persisted", "ops"]

    /// The app an expectation is about, for those that belong to one app.
    static let expectationApps: [String: AppName] = [
        "history": .hiitfit, "rating": .hiitfit, "ratings": .hiitfit, "tab": .hiitfit,
        "items": .checklists, "items:": .checklists, "people": .namestofaces, "people:": .namestofaces,
    ]

    mutating func expect() throws(ScenarioError) -> Command {
        usage = "expect CHECK, where CHECK is one of: crashed, trapped, alert, printed, history, rating, ratings, "
            + "tab, items, people, file, files, defaults, persisted, ops"
        _ = try next()
        let kindWord = try next()
        let kind = kindWord.text
        guard Self.expectationKinds.contains(kind) else {
            throw error(kindWord, Suggestions.unknown("expectation", kind, Self.expectationKinds.filter { !$0.hasSuffix(":") }))
        }
        if let owner = Self.expectationApps[kind] {
            try requireApp(owner, kindWord, "expect \(kind.hasSuffix(":") ? String(kind.dropLast()) : kind)", "expectation")
        }
        return .expect(try expectation(kind))
    }

    private mutating func expectation(_ kind: String) throws(ScenarioError) -> Expectation {
        switch kind {
        case "crashed":
            usage = "expect crashed"
            try finish()
            return .crashed
        case "trapped":
            return .trapped(optionalText())
        case "alert":
            return .alert(optionalText())
        case "printed":
            usage = "expect printed TEXT"
            return .printed(try rest().text)
        case "history":
            return try history()
        case "rating":
            usage = "expect rating EXERCISE N"
            let (name, value) = try exerciseAndRating()
            return .rating(exercise: name, value: value)
        case "ratings":
            usage = "expect ratings TEXT"
            return .ratings(try rest().text)
        case "tab":
            usage = "expect tab N"
            let index = try wholeNumber()
            try finish()
            return .tab(index)
        case "items", "items:":
            usage = "expect items empty | expect items: [x] TEXT, [ ] TEXT"
            if kind == "items" { try empty(after: kind); return .items([]) }
            return .items(try checklist())
        case "people", "people:":
            usage = "expect people empty | expect people: NAME, NAME"
            if kind == "people" { try empty(after: kind); return .people([]) }
            return .people(try list(remaining()).map { $0.map(\.text).joined(separator: " ") })
        default:
            return try storageExpectation(kind)
        }
    }

    private mutating func optionalText() -> String? {
        let words = remaining()
        return words.isEmpty ? nil : words.map(\.text).joined(separator: " ")
    }

    /// `empty` and the end of the line, after `items` or `people` written without a colon.
    private mutating func empty(after kind: String) throws(ScenarioError) {
        let word = try next()
        guard word.text == "empty" else {
            throw error(word, "expected 'empty' or a colon right after '\(kind)', found '\(word.text)'")
        }
        try finish()
    }

    private mutating func history() throws(ScenarioError) -> Expectation {
        usage = "expect history empty | expect history days N | expect history YYYY-MM-DD: NAME, NAME"
        let word = try next()
        switch word.text {
        case "empty":
            try finish()
            return .historyDays(0)
        case "days":
            usage = "expect history days N"
            let count = try wholeNumber()
            try finish()
            return .historyDays(count)
        default:
            guard word.text.hasSuffix(":") else {
                if Values.calendarDate(word.text) != nil { throw error(word, "expected a colon after the date: '\(word.text): NAME, NAME'") }
                throw error(word, "expected 'empty', 'days N' or a date like '2026-03-01:', found '\(word.text)'")
            }
            let date = String(word.text.dropLast())
            _ = try calendarDate(word, text: date)
            var names: [String] = []
            for entry in try list(remaining()) {
                names.append(try exercise(entry.map(\.text).joined(separator: " "), entry[0]))
            }
            return .historyDay(date: date, exercises: names)
        }
    }

    /// `[x] TEXT, [ ] TEXT` up to the end of the line.
    private mutating func checklist() throws(ScenarioError) -> [ExpectedItem] {
        var items: [ExpectedItem] = []
        for entry in try list(remaining()) {
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
                throw error(entry[0], "each item must start with '[x]' or '[ ]', found '\(text)'")
            }
            guard !rest.isEmpty else {
                throw error(at: entry.last!.endColumn, "expected the item's text after '\(checked ? "[x]" : "[ ]")'")
            }
            items.append(ExpectedItem(text: rest.map(\.text).joined(separator: " "), checked: checked))
        }
        return items
    }
}
