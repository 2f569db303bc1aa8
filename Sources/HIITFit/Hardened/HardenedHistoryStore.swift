import Foundation
import Sandbox

/// HIITFit's exercise history, hardened: the book's API and file format (each edition reads the
/// other's files), changed only where data can be lost. A failed read is retried and "missing" is
/// believed only when `fileExists` agrees; a file it cannot read is never replaced, and one it cannot
/// understand is copied aside first; stored ids round-trip; the days stay newest first (a day logged
/// for an earlier date goes in date order); a failed save is reported, never a trap.
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
    /// How the days become the file's bytes and back.
    let coding: HistoryCoding
    /// What is known about the file a save would replace.
    var fileState: FileState = .unknown
    /// Exercises done while the file was not loaded, replayed onto it once it can be read.
    var unmerged: [(name: String, date: Date)] = []

    /// An empty history that has loaded nothing yet, stored in `coding`'s format.
    public init(env: AppEnvironment, coding: HistoryCoding = .propertyList) {
        self.env = env
        self.coding = coding
    }

    /// Documents/history.plist, or nil when the Documents lookup returns no URL (asked twice: a
    /// lookup that came back empty once is asked again).
    public func getURL() -> URL? {
        let documents = env.files.urls(for: .documents).first ?? env.files.urls(for: .documents).first
        return documents?.appendingPathComponent(HistoryFormat.fileName)
    }

    /// The user finished an exercise: add it to today, then save (see `addDoneExercise(_:date:)`).
    public func addDoneExercise(_ exerciseName: String) { addDoneExercise(exerciseName, date: env.clock.now) }

    /// The user did an exercise on `date` (today, or an earlier day logged later): add it to that
    /// day, then save. Never traps: a failed save keeps the day in memory (the next save writes it)
    /// and tells the user.
    public func addDoneExercise(_ exerciseName: String, date: Date) {
        record(exerciseName, at: date)
        if case .unknown = fileState { unmerged.append((exerciseName, date)) }
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

    /// Appends to the newest day on `date`'s calendar day, else inserts a new day where its date
    /// keeps the history newest first (a clock set back or a past workout is not put on top).
    func record(_ exerciseName: String, at date: Date) {
        // The calendar day's bounds, found once: asking the calendar about every stored day is slow on long histories.
        let sameDay: (Date) -> Bool
        if let day = env.clock.calendar.dateInterval(of: .day, for: date) {
            sameDay = { day.start <= $0 && $0 < day.end }
        } else {
            sameDay = { [calendar = env.clock.calendar] in calendar.isDate(date, inSameDayAs: $0) }
        }
        if let index = exerciseDays.firstIndex(where: { sameDay($0.date) }) {
            env.console("Adding \(exerciseName)")
            exerciseDays[index].exercises.append(exerciseName)
        } else {
            let index = exerciseDays.firstIndex { $0.date < date } ?? exerciseDays.endIndex
            exerciseDays.insert(ExerciseDay(id: freshID(), date: date, exercises: [exerciseName]), at: index)
        }
    }

    /// A new day's id, never one the list already holds (stored ids come from earlier launches).
    func freshID() -> UUID {
        var id = env.identifiers.next()
        while exerciseDays.contains(where: { $0.id == id }) { id = env.identifiers.next() }
        return id
    }
}
