import Foundation
import Harness

extension HIITFitGrammar {
    /// `done EXERCISE`, or `done EXERCISE on YYYY-MM-DD` for a workout done on an earlier day.
    @Sendable static func done(_ reader: inout CommandReader) throws(ScenarioError) -> PluginValue {
        var words = reader.remaining()
        guard let last = words.last else { throw reader.missing() }
        if last.text == "on", !last.quoted, words.count > 1 { throw reader.missing() }
        if words.count >= 3, words[words.count - 2].text == "on", !words[words.count - 2].quoted {
            let day = try CalendarDay.read(last, reader)
            words.removeLast(2)
            return PluginValue(HIITFitAction.doneOn(try exercise(words, reader), day))
        }
        if words.count >= 2, (try? reader.calendarDate(last)) != nil {
            throw reader.error(last, "expected 'on' before the date: 'done EXERCISE on \(last.text)'")
        }
        return PluginValue(HIITFitAction.done(try exercise(words, reader)))
    }

    /// An exercise name written as `words`.
    private static func exercise(_ words: [Word], _ reader: CommandReader) throws(ScenarioError) -> String {
        try exercise(words.map(\.text).joined(separator: " "), words[0], reader)
    }

    /// What follows `expect history`: `empty`, `days N`, `days on YYYY-MM-DD: N`, `YYYY-MM-DD: NAME, NAME`,
    /// `order: YYYY-MM-DD, YYYY-MM-DD` or `ids: UUID, *` (`*` is any id).
    @Sendable static func history(_ reader: inout CommandReader) throws(ScenarioError) -> AppCheck {
        let word = try reader.next()
        switch word.text {
        case "empty":
            try reader.finish()
            return AppCheck(HIITFitCheck.historyDays(0))
        case "days":
            reader.usage = "expect history days N | expect history days on YYYY-MM-DD: N"
            guard reader.peek()?.text == "on" else {
                let count = try reader.wholeNumber()
                try reader.finish()
                return AppCheck(HIITFitCheck.historyDays(count))
            }
            _ = try reader.next()
            let day = try dayBeforeColon(try reader.next(), reader, example: "N")
            let count = try reader.wholeNumber()
            try reader.finish()
            return AppCheck(HIITFitCheck.historyDaysOn(day, count: count))
        case "order:":
            reader.usage = "expect history order: YYYY-MM-DD, YYYY-MM-DD"
            let days = try entries(&reader) { entry, reader throws(ScenarioError) in
                try CalendarDay.read(entry, reader)
            }
            return AppCheck(HIITFitCheck.historyOrder(days))
        case "ids:":
            reader.usage = "expect history ids: UUID, UUID"
            let ids = try entries(&reader) { entry, reader throws(ScenarioError) -> UUID? in
                if entry.text == "*", !entry.quoted { return nil }
                guard let id = UUID(uuidString: entry.text) else {
                    throw reader.error(
                        entry, "expected a UUID like 5D1A1F3E-8C1B-4E8A-9F00-000000000001 or '*', found '\(entry.text)'"
                    )
                }
                return id
            }
            return AppCheck(HIITFitCheck.historyIDs(ids))
        case "order", "ids":
            throw reader.error(word, "expected a colon right after '\(word.text)': 'expect history \(word.text): ...'")
        default:
            let day = try dayBeforeColon(word, reader, example: "NAME, NAME", afterHistory: true)
            var names: [String] = []
            for entry in try reader.list(reader.remaining()) { names.append(try exercise(entry, reader)) }
            return AppCheck(HIITFitCheck.historyDay(year: day.year, month: day.month, day: day.day, exercises: names))
        }
    }

    /// The day `word` names as `YYYY-MM-DD:`; `example` is what follows the colon, for the error. Right
    /// after `history` the word may be a misspelt keyword instead.
    private static func dayBeforeColon(
        _ word: Word, _ reader: CommandReader, example: String, afterHistory: Bool = false
    ) throws(ScenarioError) -> CalendarDay {
        let text = word.text.hasSuffix(":") ? String(word.text.dropLast()) : word.text
        // Right after `history`, a word that does not start as a date is a misspelt keyword more likely.
        if afterHistory, text.first?.isNumber != true {
            throw reader.error(
                word,
                "expected 'empty', 'days N', 'order:', 'ids:' or a date like '2026-03-01:', found '\(word.text)'"
                    + Suggestions.hint(word.text, ["empty", "days", "order:", "ids:"]))
        }
        let day = try CalendarDay.read(word, text: text, reader)
        guard word.text.hasSuffix(":") else {
            throw reader.error(word, "expected a colon after the date: '\(word.text): \(example)'")
        }
        return day
    }

    /// A comma list of one word per entry, each read by `read`; at least one entry.
    private static func entries<Value>(
        _ reader: inout CommandReader, _ read: (Word, CommandReader) throws(ScenarioError) -> Value
    ) throws(ScenarioError) -> [Value] {
        let entries = try reader.list(reader.remaining())
        guard !entries.isEmpty else { throw reader.missing() }
        var values: [Value] = []
        for entry in entries {
            if entry.count > 1 {
                throw reader.error(entry[1], "expected ',' between entries, found '\(entry[1].text)'")
            }
            values.append(try read(entry[0], reader))
        }
        return values
    }
}
