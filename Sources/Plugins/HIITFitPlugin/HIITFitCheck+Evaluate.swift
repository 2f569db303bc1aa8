import Foundation
import HIITFit
import Harness

extension HIITFitCheck {
    /// Whether the check holds: `observe` gives what the app shows, `openRating` opens exercise
    /// N's page and gives the rating it shows (only `rating` opens a page).
    func evaluate(observe: () -> Observation, openRating: (Int) -> Int, calendar: Calendar) -> CheckFinding {
        func history() -> (days: [(date: Date, exercises: [String])], text: String) {
            let days = HIITFitObservations.days(observe().values["history"])
            return (days, HIITFitObservations.describe(days, in: calendar))
        }
        func dayNames(_ days: [(date: Date, exercises: [String])]) -> [String] {
            days.map { DayNames.name(of: $0.date, in: calendar) }
        }
        switch self {
        case .historyDays(let count):
            let (days, text) = history()
            return CheckFinding(holds: days.count == count, found: text)
        case .historyDay(let year, let month, let day, let exercises):
            let (days, text) = history()
            let name = CalendarDay(year: year, month: month, day: day).description
            let matching = zip(days, dayNames(days)).filter { $0.1 == name }.map(\.0)
            // Two days on one date (after time-zone travel) are named as such: each alone may look right.
            let found = matching.count > 1 ? "\(matching.count) days on \(name): \(text)" : text
            return CheckFinding(holds: matching.count == 1 && matching[0].exercises == exercises, found: found)
        case .historyOrder(let expected):
            let (days, text) = history()
            let names = dayNames(days)
            return CheckFinding(
                holds: names == expected.map(\.description),
                found: days.isEmpty ? text : "history order: " + names.joined(separator: ", "))
        case .historyDaysOn(let day, let count):
            let (days, text) = history()
            return CheckFinding(holds: dayNames(days).filter { $0 == day.description }.count == count, found: text)
        case .historyIDs(let ids):
            let shown = HIITFitObservations.ids(observe().values["historyIDs"])
            let text = shown.isEmpty ? "no days" : "history ids: " + shown.joined(separator: ", ")
            let holds = shown.count == ids.count && zip(shown, ids).allSatisfy { $1 == nil || $0 == $1?.uuidString }
            return CheckFinding(holds: holds, found: text)
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
