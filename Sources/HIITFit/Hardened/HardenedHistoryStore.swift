import Foundation
import Sandbox

/// HIITFit's exercise history, hardened: the book's API and file format (each edition reads the
/// other's files), changed only where data can be lost. A failed read is retried and "missing" is
/// believed only when `fileExists` agrees; a file it cannot read is never replaced, and one it cannot
/// understand is copied aside first; stored ids round-trip; a failed save is reported, never a trap.
public final class HardenedHistoryStore {
    public typealias FileError = HistoryStore.FileError

    /// Newest day first.
    public var exerciseDays: [ExerciseDay] = []
    /// What the user is told when the last `addDoneExercise` could not save (nil when it saved).
    public internal(set) var saveError: AppAlert?
    /// What the user is told when the last `addDoneExercise` replaced a history it could not read
    /// (a copy is kept); nil otherwise.
    public internal(set) var notice: AppAlert?

    let env: AppEnvironment
    /// What is known about the file a save would replace.
    var fileState: FileState = .unknown
    /// Exercises done while the file was not loaded, replayed onto it once it can be read.
    var unmerged: [(name: String, date: Date)] = []

    /// An empty history that has loaded nothing yet.
    public init(env: AppEnvironment) { self.env = env }

    /// Documents/history.plist, or nil when the Documents lookup returns no URL (asked twice: a
    /// lookup that came back empty once is asked again).
    public func getURL() -> URL? {
        let documents = env.files.urls(for: .documents).first ?? env.files.urls(for: .documents).first
        return documents?.appendingPathComponent(HistoryFormat.fileName)
    }

    /// The user finished an exercise: add it to today, then save. Never traps: a failed save keeps
    /// the day in memory (the next save writes it) and tells the user.
    public func addDoneExercise(_ exerciseName: String) {
        let today = env.clock.now
        record(exerciseName, at: today)
        if case .unknown = fileState { unmerged.append((exerciseName, today)) }
        notice = nil
        do {
            try save()
            saveError = nil
        } catch {
            env.console("Could not save history: \(error)")
            saveError = Self.saveAlert
        }
    }

    /// The book's earlier form, which trapped on a first launch: here it is `addDoneExercise`.
    public func addDoneExerciseEarlyForm(_ exerciseName: String) { addDoneExercise(exerciseName) }

    /// Appends to the first day when `date` is on its calendar day, else starts a new day.
    func record(_ exerciseName: String, at date: Date) {
        if let firstDate = exerciseDays.first?.date,
            env.clock.calendar.isDate(date, inSameDayAs: firstDate)
        {
            env.console("Adding \(exerciseName)")
            exerciseDays[0].exercises.append(exerciseName)
        } else {
            exerciseDays.insert(ExerciseDay(id: freshID(), date: date, exercises: [exerciseName]), at: 0)
        }
    }

    /// A new day's id, never one the list already holds (stored ids come from earlier launches).
    func freshID() -> UUID {
        var id = env.identifiers.next()
        while exerciseDays.contains(where: { $0.id == id }) { id = env.identifiers.next() }
        return id
    }
}
