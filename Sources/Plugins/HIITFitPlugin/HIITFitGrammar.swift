import Foundation
import HIITFit
import Harness

/// What the user does in HIITFit.
public enum HIITFitAction: Hashable, Sendable {
    /// `done Sun Salute`: the user finishes an exercise.
    case done(String)
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
        case .rating(let exercise, let value): return "\(exercise) rated \(value)"
        case .ratings(let text): return "ratings '\(text)'"
        case .tab(let tab): return "tab \(tab)"
        }
    }
}

/// The words of HIITFit's actions and checks.
enum HIITFitGrammar {
    static let actions = [
        ActionDeclaration(verb: "done", usage: "done EXERCISE") { reader throws(ScenarioError) in
            let (name, first) = try reader.rest()
            return PluginValue(HIITFitAction.done(try exercise(name, first, reader)))
        },
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
            usage: "expect history empty | expect history days N | expect history "
                + "YYYY-MM-DD: NAME, NAME", parse: history),
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

    /// `empty`, `days N`, or `YYYY-MM-DD: NAME, NAME`.
    @Sendable static func history(_ reader: inout CommandReader) throws(ScenarioError) -> AppCheck {
        let word = try reader.next()
        switch word.text {
        case "empty":
            try reader.finish()
            return AppCheck(HIITFitCheck.historyDays(0))
        case "days":
            reader.usage = "expect history days N"
            let count = try reader.wholeNumber()
            try reader.finish()
            return AppCheck(HIITFitCheck.historyDays(count))
        default:
            guard word.text.hasSuffix(":") else {
                if (try? reader.calendarDate(word)) != nil {
                    throw reader.error(word, "expected a colon after the date: '\(word.text): NAME, NAME'")
                }
                throw reader.error(
                    word,
                    "expected 'empty', 'days N' or a date like '2026-03-01:', found '\(word.text)'")
            }
            let date = try reader.calendarDate(word, text: String(word.text.dropLast()))
            var names: [String] = []
            for entry in try reader.list(reader.remaining()) {
                names.append(try exercise(entry.map(\.text).joined(separator: " "), entry[0], reader))
            }
            return AppCheck(
                HIITFitCheck.historyDay(
                    year: date.year, month: date.month, day: date.day,
                    exercises: names))
        }
    }
}

extension HIITFitCheck {
    /// Whether the check holds: `observe` gives what the app shows, `openRating` opens exercise
    /// N's page and gives the rating it shows (only `rating` opens a page).
    func evaluate(observe: () -> Observation, openRating: (Int) -> Int, calendar: Calendar) -> CheckFinding {
        func history() -> (days: [(date: Date, exercises: [String])], text: String) {
            let days = HIITFitObservations.days(observe().values["history"])
            return (days, HIITFitObservations.describe(days, in: calendar))
        }
        switch self {
        case .historyDays(let count):
            let (days, text) = history()
            return CheckFinding(holds: days.count == count, found: text)
        case .historyDay(let year, let month, let day, let exercises):
            let (days, text) = history()
            let matching = days.filter { shown in
                let parts = calendar.dateComponents([.year, .month, .day], from: shown.date)
                return parts.year == year && parts.month == month && parts.day == day
            }
            return CheckFinding(holds: matching.count == 1 && matching[0].exercises == exercises, found: text)
        case .rating(let exercise, let value):
            guard let index = Exercise.names.firstIndex(of: exercise) else {
                return CheckFinding.cannotEvaluate("no exercise named '\(exercise)'")
            }
            let shown = openRating(index)
            return CheckFinding(holds: shown == value, found: "\(exercise) rated \(shown)")
        case .ratings(let text):
            let shown = HIITFitObservations.text(observe().values["ratings"])
            return CheckFinding(holds: shown == text, found: "ratings '\(shown ?? "")'")
        case .tab(let tab):
            var shown: Int?
            if case .integer(let value)? = observe().values["tab"] { shown = value }
            return CheckFinding(holds: shown == tab, found: "tab \(shown.map(String.init) ?? "none")")
        }
    }
}
