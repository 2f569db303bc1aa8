import Foundation
import Harness

/// HIITFit's observations as typed values, and back: `history` is a list of days, each a record of
/// its instant and its exercises; `historyIDs` each day's id; `ratings` the raw string; `tab` the selected tab.
enum HIITFitObservations {
    /// The days of a `history` value, newest first.
    static func days(_ value: ObservedValue?) -> [(date: Date, exercises: [String])] {
        guard case .list(let days)? = value else { return [] }
        return days.compactMap { day in
            guard case .record(let fields) = day, fields.count == 2, case .instant(let date) = fields[0],
                case .list(let exercises) = fields[1]
            else { return nil }
            return (date, exercises.compactMap { if case .text(let name) = $0 { return name } else { return nil } })
        }
    }

    /// `2026-03-01: Squat, Burpee`, days named in `calendar`.
    static func line(_ day: (date: Date, exercises: [String]), in calendar: Calendar) -> String {
        "\(DayNames.name(of: day.date, in: calendar)): " + day.exercises.joined(separator: ", ")
    }

    /// The history as a failure message shows it.
    static func describe(_ days: [(date: Date, exercises: [String])], in calendar: Calendar) -> String {
        days.isEmpty ? "an empty history" : days.map { line($0, in: calendar) }.joined(separator: "; ")
    }

    /// The count, each day's exercises (a date two days share: how many), and the order when it says something.
    static func historyExpectations(_ value: ObservedValue, calendar: Calendar) -> [String] {
        let days = days(value)
        let names = days.map { DayNames.name(of: $0.date, in: calendar) }
        var lines = [days.isEmpty ? "expect history empty" : "expect history days \(days.count)"]
        var shared: Set<String> = []
        for (day, name) in zip(days, names) {
            let count = names.filter { $0 == name }.count
            if count == 1 {
                lines.append("expect history " + line(day, in: calendar))
            } else if shared.insert(name).inserted {
                lines.append("expect history days on \(name): \(count)")
            }
        }
        if days.count > 1 { lines.append("expect history order: " + names.joined(separator: ", ")) }
        return lines
    }

    /// The ids of a `historyIDs` value, in the order of the days.
    static func ids(_ value: ObservedValue?) -> [String] {
        guard case .list(let ids)? = value else { return [] }
        return ids.compactMap { text($0) }
    }

    static func text(_ value: ObservedValue?) -> String? {
        if case .text(let text)? = value { return text }
        return nil
    }

    /// Ratings other than "0" (not rated) are the user's.
    @Sendable static func holdsRatings(_ value: ObservedValue) -> Bool {
        text(value)?.contains { $0 != "0" } ?? false
    }

    static func ratingsExpectations(_ value: ObservedValue, calendar: Calendar) -> [String] {
        guard let ratings = text(value), !ratings.isEmpty else { return [] }
        return ["expect ratings \(ratings)"]
    }

    static func tabExpectations(_ value: ObservedValue, calendar: Calendar) -> [String] {
        guard case .integer(let tab) = value, tab >= 0 else { return [] }
        return ["expect tab \(tab)"]
    }
}
