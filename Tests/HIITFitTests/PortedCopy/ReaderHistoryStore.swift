// A HistoryStore as a tutorial reader wrote it, ported onto the harness seams with the
// mechanical edits of docs/porting.md only. Every edited line ends in `// ported`.
// It sits in the `ReaderCopy` namespace so that it does not clash with HIITFit's own types.
import Foundation
import Sandbox  // ported: added

enum ReaderCopy {}

extension ReaderCopy {
    struct ExerciseDay: Identifiable {
        let id: UUID  // ported: was `let id = UUID()`
        let date: Date
        var exercises: [String] = []
    }

    final class HistoryStore {  // ported: was `class HistoryStore: ObservableObject`
        var exerciseDays: [ExerciseDay] = []  // ported: was `@Published var`
        let env: AppEnvironment  // ported: added

        enum FileError: Error {
            case loadFailure
            case saveFailure
            case urlFailure
        }

        init(env: AppEnvironment) { self.env = env }  // ported: was `init() {}`

        init(withChecking: Bool, env: AppEnvironment) throws {  // ported: was `init(withChecking: Bool) throws {`
            self.env = env  // ported: added
            do {
                try load()
            } catch {
                throw error
            }
        }

        func getURL() -> URL? {
            // ported: was `FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first`
            guard let documentsURL = env.files.urls(for: .documents).first else {
                return nil
            }
            return documentsURL.appendingPathComponent("history.plist")
        }

        func load() throws {
            guard let dataURL = getURL() else {
                throw HistoryStore.FileError.urlFailure
            }
            guard let data = try? env.files.contents(of: dataURL) else {  // ported: was `Data(contentsOf: dataURL)`
                return
            }
            let plistData = try PropertyListSerialization.propertyList(
                from: data,
                options: [],
                format: nil)
            let convertedPlistData = plistData as? [[Any]] ?? []
            exerciseDays = convertedPlistData.map {
                ExerciseDay(
                    id: env.identifiers.next(),  // ported: added (was the property's `UUID()`)
                    date: $0[1] as? Date ?? env.clock.now,  // ported: was `Date()`
                    exercises: $0[2] as? [String] ?? [])
            }
        }

        func save() throws {
            guard let dataURL = getURL() else {
                throw HistoryStore.FileError.urlFailure
            }
            let plistData = exerciseDays.map {
                [$0.id.uuidString, $0.date, $0.exercises]
            }
            do {
                let data = try PropertyListSerialization.data(
                    fromPropertyList: plistData,
                    format: .binary,
                    options: .zero)
                // ported: was `data.write(to: dataURL, options: .atomic)`
                try env.files.write(data, to: dataURL, mode: .atomic)
            } catch {
                throw HistoryStore.FileError.saveFailure
            }
        }

        func addDoneExercise(_ exerciseName: String) {
            let today = env.clock.now  // ported: was `Date()`
            if let firstDate = exerciseDays.first?.date,
                today.isSameDay(as: firstDate, in: env.clock.calendar)
            {  // ported: was `isSameDay(as: firstDate)`
                env.console("Adding \(exerciseName)")  // ported: was `print("Adding \(exerciseName)")`
                exerciseDays[0].exercises.append(exerciseName)
            } else {
                exerciseDays.insert(
                    // ported: was `ExerciseDay(date: today, exercises: [exerciseName]),`
                    ExerciseDay(id: env.identifiers.next(), date: today, exercises: [exerciseName]),
                    at: 0)
            }
            do {
                try save()
            } catch {
                fatalError(error.localizedDescription)
            }
            // The reader's own addition: remember the last workout for a streak badge.
            // ported: was `UserDefaults.standard.set(today, forKey: "lastWorkout")`
            env.defaults.set(today, forKey: "lastWorkout")
        }
    }
}

extension Date {
    fileprivate func isSameDay(as day: Date, in calendar: Calendar) -> Bool {  // ported: was `isSameDay(as:)`
        return calendar.isDate(self, inSameDayAs: day)  // ported: was `Calendar.current.isDate(self, inSameDayAs: day)`
    }
}
