// The chapter's HistoryStore ("Saving History Data"), on the seams with the mechanical edits of
// docs/porting.md only: every edited line ends in `// ported: was …`, and the rest is indented as
// the chapter is, so the file diffs against it. Its flaws are the book's: every read error passes
// for a first launch, a root of another shape is an empty history, stored ids are dropped, a short
// entry traps, a failed save is a fatalError, and a day logged for an earlier date goes on top.
import Foundation
import Sandbox  // ported: added

public struct ExerciseDay: Identifiable {  // ported: was `struct ExerciseDay: Identifiable {`
    public let id: UUID  // ported: was `let id = UUID()`
    public let date: Date  // ported: was `let date: Date`
    public var exercises: [String] = []  // ported: was `var exercises: [String] = []`
}

public final class HistoryStore {  // ported: was `class HistoryStore: ObservableObject {`
    public var exerciseDays: [ExerciseDay] = []  // ported: was `@Published var exerciseDays: [ExerciseDay] = []`
    let env: AppEnvironment  // ported: added

    public enum FileError: Error {  // ported: was `enum FileError: Error {`
        case loadFailure
        case saveFailure
        case urlFailure
    }

    public init(env: AppEnvironment) { self.env = env }  // ported: was `init() {}`

    public init(withChecking: Bool, env: AppEnvironment) throws {  // ported: was `init(withChecking: Bool) throws {`
        self.env = env  // ported: added
        do {
            try load()
        } catch {
            throw error
        }
    }

    public func getURL() -> URL? {  // ported: was `func getURL() -> URL? {`
        // ported: was `guard let documentsURL = FileManager.default.urls(for: .documentDirectory,
        //     in: .userDomainMask).first else {`
        guard let documentsURL = env.files.urls(for: .documents).first else {
            return nil
        }
        return documentsURL.appendingPathComponent("history.plist")
    }

    public func load() throws {  // ported: was `func load() throws {`
        guard let dataURL = getURL() else {
            throw FileError.urlFailure
        }
        do {
            // ported: was `guard let data = try? Data(contentsOf: dataURL) else {`
            guard let data = try? env.files.contents(of: dataURL) else {
                return
            }
            let plistData = try PropertyListSerialization.propertyList(
                from: data,
                options: [],
                format: nil)
            let convertedPlistData = plistData as? [[Any]] ?? []
            exerciseDays = convertedPlistData.map {
                ExerciseDay(
                    id: env.identifiers.next(),  // ported: added (the property's `UUID()`)
                    date: $0[1] as? Date ?? env.clock.now,  // ported: was `date: $0[1] as? Date ?? Date(),`
                    exercises: $0[2] as? [String] ?? [])
            }
        } catch {
            throw FileError.loadFailure
        }
    }

    public func save() throws {  // ported: was `func save() throws {`
        guard let dataURL = getURL() else {
            throw FileError.urlFailure
        }
        let plistData = exerciseDays.map {
            [$0.id.uuidString, $0.date, $0.exercises]
        }
        do {
            let data = try PropertyListSerialization.data(
                fromPropertyList: plistData,
                format: .binary,
                options: .zero)
            // ported: was `try data.write(to: dataURL, options: .atomic)`
            try env.files.write(data, to: dataURL, mode: .atomic)
        } catch {
            throw FileError.saveFailure
        }
    }

    // ported: was `func addDoneExercise(_ exerciseName: String) {`
    public func addDoneExercise(_ exerciseName: String) {
        let today = env.clock.now  // ported: was `let today = Date()`
        if let firstDate = exerciseDays.first?.date,
            env.clock.calendar.isDate(today, inSameDayAs: firstDate)
        {  // ported: was `today.isSameDay(as: firstDate) {`
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
    }

    // A past-workout save as the chapter would write it: join that date's day, else put the new day on top.
    public func addDoneExercise(_ exerciseName: String, date: Date) {  // ported: added
        let calendar = env.clock.calendar  // ported: added
        // ported: added
        if let index = exerciseDays.firstIndex(where: { calendar.isDate(date, inSameDayAs: $0.date) }) {
            env.console("Adding \(exerciseName)")  // ported: added
            exerciseDays[index].exercises.append(exerciseName)  // ported: added
        } else {  // ported: added
            exerciseDays.insert(  // ported: added
                ExerciseDay(id: env.identifiers.next(), date: date, exercises: [exerciseName]),  // ported: added
                at: 0)  // ported: added
        }  // ported: added
        do {  // ported: added
            try save()  // ported: added
        } catch {  // ported: added
            fatalError(error.localizedDescription)  // ported: added
        }  // ported: added
    }  // ported: added

    // The form of the chapter's first printing, still in real-world copies: it indexes the first day unchecked,
    // so it traps on a first launch.
    // ported: was `func addDoneExercise(_ exerciseName: String) {`
    public func addDoneExerciseEarlyForm(_ exerciseName: String) {
        let today = env.clock.now  // ported: was `let today = Date()`
        // ported: was `if today.isSameDay(as: exerciseDays[0].date) {`
        if env.clock.calendar.isDate(today, inSameDayAs: exerciseDays[0].date) {
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
    }
}
