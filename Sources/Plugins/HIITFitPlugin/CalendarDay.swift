import Foundation
import Harness

/// A day as a scenario names it, `2026-03-01`: in the phone's calendar when a check reads it.
public struct CalendarDay: Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// `2026-03-01`.
    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    /// The day `word` names (or `text` read from it); a word that is no date is an error at it.
    static func read(_ word: Word, text: String? = nil, _ reader: CommandReader) throws(ScenarioError) -> CalendarDay {
        let date = try reader.calendarDate(word, text: text)
        return CalendarDay(year: date.year, month: date.month, day: date.day)
    }
}
