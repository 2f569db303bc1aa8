// My copy of HIITFit's HistoryStore ("Saving History Data"), which keeps the history as a plain text
// file, Documents/history.txt, one line per day, newest day first:
//
//     2026-11-23,Squat;Step Up;Burpee
//     2026-11-21,Sun Salute
//
// The date is a "yyyy-MM-dd" string from a DateFormatter of my own. The file is rewritten after every
// finished exercise and read once at launch; a line that does not parse is skipped, and a read error is
// an empty history (first launch). Ported onto the harness seams with the edits of docs/porting.md:
// every edited line ends in `// ported: was …` (or has it on the line above).
// Kept as the app has it, flaws included: the write is not atomic, a torn line is skipped or shows a
// torn exercise name, a read error passes for a first launch, a failed save is only printed, the
// formatter's time zone is the one the app launched in, and days carry no id in the file.
import Foundation
import Sandbox  // ported: added

public enum TextHIITFit {}  // ported: added (a namespace, so that these types do not clash with HIITFit's)

extension TextHIITFit {
    public struct ExerciseDay: Identifiable {
        public let id: UUID  // ported: was `let id = UUID()`
        public let date: Date
        public var exercises: [String] = []
    }

    /// What a new day's date is. The file keeps only the day, so a day read back is its midnight; the app first
    /// kept the moment of the day's first exercise in memory (`Date()`, as the book does), and now keeps the
    /// start of the day, so that a day shows the same date before and after a relaunch.
    public enum DayStamp: Sendable {
        /// The moment of the day's first exercise (the app as first written: edition `text-now`).
        case now
        /// `Calendar.current.startOfDay(for: Date())` (edition `text`).
        case startOfDay
    }

    public final class HistoryStore {  // ported: was `class HistoryStore: ObservableObject {`
        public var exerciseDays: [ExerciseDay] = []  // ported: was `@Published var exerciseDays: [ExerciseDay] = []`
        let env: AppEnvironment  // ported: added

        /// "yyyy-MM-dd", the date of a line in history.txt; also what "today" is compared by.
        let dayFormatter: DateFormatter
        let dayStamp: DayStamp

        public init(env: AppEnvironment, dayStamp: DayStamp = .startOfDay) {  // ported: was `init() {`
            self.env = env  // ported: added
            self.dayStamp = dayStamp
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd"
            formatter.timeZone = env.clock.timeZone  // ported: added (was the host's zone, as iOS gives it)
            formatter.calendar = env.clock.calendar  // ported: added
            dayFormatter = formatter
            load()
        }

        var historyURL: URL {
            // ported: was `URL.documentsDirectory.appending(path: "history.txt")`
            env.files.urls(for: .documents)[0].appendingPathComponent("history.txt")
        }

        /// One line: `2026-11-23,Squat;Step Up;Burpee`.
        func line(for day: ExerciseDay) -> String {
            dayFormatter.string(from: day.date) + "," + day.exercises.joined(separator: ";")
        }

        /// The day a line holds, or nil when it does not parse.
        func day(from line: Substring) -> ExerciseDay? {
            let parts = line.split(separator: ",", maxSplits: 1)
            guard parts.count == 2, let date = dayFormatter.date(from: String(parts[0])) else {
                return nil
            }
            let exercises = parts[1].split(separator: ";").map(String.init)
            // ported: was `return ExerciseDay(date: date, exercises: exercises)`
            return ExerciseDay(id: env.identifiers.next(), date: date, exercises: exercises)
        }

        func load() {
            let text: String
            do {
                // ported: was `text = try String(contentsOf: historyURL, encoding: .utf8)`
                text = try env.files.string(contentsOf: historyURL, encoding: .utf8)
            } catch {
                // No file yet: the first launch.
                env.console("No history yet")  // ported: was `print("No history yet")`
                exerciseDays = []
                return
            }
            exerciseDays = text.split(separator: "\n").compactMap { day(from: $0) }
        }

        func save() {
            let text = exerciseDays.map { line(for: $0) }.joined(separator: "\n")
            do {
                // ported: was `try text.write(to: historyURL, atomically: false, encoding: .utf8)`
                try env.files.write(text, to: historyURL, atomically: false, encoding: .utf8)
            } catch {
                // ported: was `print("Could not save history: \(error)")`
                env.console("Could not save history: \(error)")
            }
        }

        public func addDoneExercise(_ exerciseName: String) {
            let now = env.clock.now  // ported: was `let now = Date()`
            let today: Date
            switch dayStamp {
            case .now: today = now
            // ported: was `case .startOfDay: today = Calendar.current.startOfDay(for: now)`
            case .startOfDay: today = env.clock.calendar.startOfDay(for: now)
            }
            if let firstDay = exerciseDays.first,
                dayFormatter.string(from: firstDay.date) == dayFormatter.string(from: today)
            {
                env.console("Adding \(exerciseName)")  // ported: was `print("Adding \(exerciseName)")`
                exerciseDays[0].exercises.append(exerciseName)
            } else {
                exerciseDays.insert(
                    // ported: was `ExerciseDay(date: today, exercises: [exerciseName]),`
                    ExerciseDay(id: env.identifiers.next(), date: today, exercises: [exerciseName]),
                    at: 0)
            }
            save()
        }
    }
}
