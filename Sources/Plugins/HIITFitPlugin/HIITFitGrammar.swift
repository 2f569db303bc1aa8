import Foundation
import HIITFit
import Harness

/// What the user does in HIITFit.
public enum HIITFitAction: Hashable, Sendable {
    /// `done Sun Salute`: the user finishes an exercise.
    case done(String)
    /// `done Squat on 2026-03-01`: the user logs an exercise done on an earlier day.
    case doneOn(String, CalendarDay)
    /// `rate Burpee 4`: the user rates an exercise.
    case rate(exercise: String, rating: Int)
    /// `tab 2`: the user selects a tab.
    case tab(Int)
}

/// HIITFit's own `expect` lines.
public enum HIITFitCheck: PluginCheck {
    /// `expect history empty`, `expect history days 2`.
    case historyDays(Int)
    /// `expect history 2026-03-01: Squat, Burpee`: the day with that date (in the phone's time zone)
    /// holds exactly these exercises, in this order.
    case historyDay(year: Int, month: Int, day: Int, exercises: [String])
    /// `expect history order: 2026-03-02, 2026-03-01`: every day's date as the history shows it,
    /// newest first (a date twice when two days share it).
    case historyOrder([CalendarDay])
    /// `expect history days on 2026-03-01: 2`: how many days show that date.
    case historyDaysOn(CalendarDay, count: Int)
    /// `expect history ids: UUID, *`: every day's id, in the order the history shows the days; `*`
    /// (nil) is any id (a day added in the run, whose id the phone made).
    case historyIDs([UUID?])
    /// `expect rating Burpee 4`: opening the exercise's page shows that rating.
    case rating(exercise: String, value: Int)
    /// `expect ratings 0400`: the raw ratings string the app holds.
    case ratings(String)
    /// `expect tab 2`.
    case tab(Int)

    public var expected: String {
        switch self {
        case .historyDays(let count): return count == 0 ? "an empty history" : "\(count) history days"
        case .historyDay(let year, let month, let day, let exercises):
            return String(format: "%04d-%02d-%02d: ", year, month, day) + exercises.joined(separator: ", ")
        case .historyOrder(let days): return "history order: " + days.map(\.description).joined(separator: ", ")
        case .historyDaysOn(let day, let count): return "\(count) history days on \(day)"
        case .historyIDs(let ids): return "history ids: " + ids.map { $0?.uuidString ?? "*" }.joined(separator: ", ")
        case .rating(let exercise, let value): return "\(exercise) rated \(value)"
        case .ratings(let text): return "ratings '\(text)'"
        case .tab(let tab): return "tab \(tab)"
        }
    }
}

/// The words of HIITFit's actions and checks.
enum HIITFitGrammar {
    static let actions = [
        ActionDeclaration(verb: "done", usage: "done EXERCISE [on YYYY-MM-DD]", parse: done),
        ActionDeclaration(verb: "rate", usage: "rate EXERCISE N") { reader throws(ScenarioError) in
            let (exercise, rating) = try exerciseAndRating(&reader)
            return PluginValue(HIITFitAction.rate(exercise: exercise, rating: rating))
        },
        ActionDeclaration(verb: "tab", usage: "tab N") { reader throws(ScenarioError) in
            let tab = try reader.wholeNumber()
            try reader.finish()
            return PluginValue(HIITFitAction.tab(tab))
        },
    ]

    static let checks = [
        CheckDeclaration(
            name: "history",
            usage: "expect history empty | days N | days on YYYY-MM-DD: N | YYYY-MM-DD: NAME, NAME | "
                + "order: YYYY-MM-DD, YYYY-MM-DD | ids: UUID, UUID", parse: history),
        CheckDeclaration(name: "rating", usage: "expect rating EXERCISE N") { reader throws(ScenarioError) in
            let (exercise, value) = try exerciseAndRating(&reader)
            return AppCheck(HIITFitCheck.rating(exercise: exercise, value: value))
        },
        CheckDeclaration(name: "ratings", usage: "expect ratings TEXT") { reader throws(ScenarioError) in
            let text = try reader.rest().text
            return AppCheck(HIITFitCheck.ratings(text))
        },
        CheckDeclaration(name: "tab", usage: "expect tab N") { reader throws(ScenarioError) in
            let tab = try reader.wholeNumber()
            try reader.finish()
            return AppCheck(HIITFitCheck.tab(tab))
        },
    ]

    /// An exercise name as HIITFit shows it.
    static func exercise(_ name: String, _ word: Word, _ reader: CommandReader) throws(ScenarioError) -> String {
        guard Exercise.names.contains(name) else {
            throw reader.error(word, Suggestions.unknown("exercise", name, Exercise.names))
        }
        return name
    }

    /// `EXERCISE... N` up to the end of the line: the last word is the rating, 0 to 9.
    static func exerciseAndRating(_ reader: inout CommandReader) throws(ScenarioError) -> (String, Int) {
        let words = reader.remaining()
        guard let first = words.first, let last = words.last else { throw reader.missing() }
        let digits = !last.text.isEmpty && last.text.allSatisfy { $0.isASCII && $0.isNumber }
        guard words.count >= 2, digits else {
            if words.count < 2 || Exercise.names.contains(words.map(\.text).joined(separator: " ")) {
                throw reader.missing()
            }
            throw reader.error(last, "expected a whole number, found '\(last.text)'")
        }
        guard let rating = Int(last.text), rating <= 9 else {
            throw reader.error(last, "expected a rating from 0 to 9, found '\(last.text)'")
        }
        return (try exercise(words.dropLast().map(\.text).joined(separator: " "), first, reader), rating)
    }
}
