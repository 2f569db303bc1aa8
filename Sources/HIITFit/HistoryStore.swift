import Foundation
import Sandbox

/// HIITFit's exercise history, saved to Documents/history.plist.
///
/// The book edition is the tutorial's code on the seams; the hardened edition keeps
/// the API and the file format and changes only what can lose data
/// (see HistoryStore+Hardened.swift).
public final class HistoryStore {
    /// Newest day first.
    public var exerciseDays: [ExerciseDay] = []
    /// Hardened: what the user is told when the last `addDoneExercise` could not save (nil when it saved).
    public internal(set) var saveError: AppAlert?
    /// Hardened: what the user is told when the last `addDoneExercise` replaced a history it could
    /// not read (a copy is kept); nil otherwise.
    public internal(set) var notice: AppAlert?

    let env: AppEnvironment
    public let edition: Edition
    var ids = StableIdentifiers()
    /// Hardened: what is known about the file a save would replace.
    var fileState: FileState = .unknown
    /// Hardened: exercises done while the file was not loaded, replayed onto it once it can be read.
    var unmerged: [(name: String, date: Date)] = []

    /// The fallback: an empty history that loads nothing.
    public init(environment: AppEnvironment, edition: Edition) {
        self.env = environment
        self.edition = edition
    }

    /// The launch path: loads the file and rethrows its error.
    public init(withChecking: Bool, environment: AppEnvironment, edition: Edition) throws {
        self.env = environment
        self.edition = edition
        do {
            try load()
        } catch {
            throw error
        }
    }

    /// Documents/history.plist, or nil when the Documents lookup returns no URL.
    public func getURL() -> URL? {
        var documents = env.files.urls(for: .documents).first
        // Hardened: a lookup that came back empty once is asked again before giving up.
        if documents == nil && edition == .hardened { documents = env.files.urls(for: .documents).first }
        guard let documentsURL = documents else { return nil }
        return documentsURL.appendingPathComponent(HistoryFormat.fileName)
    }

    public func load() throws {
        if edition == .hardened { return try hardenedLoad() }
        guard let dataURL = getURL() else {
            throw FileError.urlFailure
        }
        // The chapter's challenge: no file is the first launch (and so is every other read error).
        guard let data = try? env.files.contents(of: dataURL) else {
            return
        }
        exerciseDays = try HistoryFormat.bookDecode(data, now: { self.env.clock.now }, ids: &ids)
    }

    public func save() throws {
        if edition == .hardened { return try hardenedSave() }
        guard let dataURL = getURL() else {
            throw FileError.urlFailure
        }
        do {
            let data = try HistoryFormat.encode(exerciseDays)
            try env.files.write(data, to: dataURL, mode: .atomic)
        } catch {
            throw FileError.saveFailure
        }
    }

    /// The user finished an exercise: add it to today, then save.
    public func addDoneExercise(_ exerciseName: String) {
        let today = env.clock.now
        record(exerciseName, at: today)
        if edition == .hardened { return hardenedSaveAfterAdding(exerciseName, at: today) }
        do {
            try save()
        } catch {
            fatalError(error.localizedDescription)
        }
    }

    /// The earlier form, still in real-world copies: indexes the first day unchecked,
    /// so the book edition traps on first launch. The hardened edition is `addDoneExercise`.
    public func addDoneExerciseEarlyForm(_ exerciseName: String) {
        guard edition == .book else { return addDoneExercise(exerciseName) }
        let today = env.clock.now
        if env.clock.calendar.isDate(today, inSameDayAs: exerciseDays[0].date) {
            env.console("Adding \(exerciseName)")
            exerciseDays[0].exercises.append(exerciseName)
        } else {
            exerciseDays.insert(ExerciseDay(id: ids.next(date: today, salt: exerciseName), date: today,
                                            exercises: [exerciseName]), at: 0)
        }
        do {
            try save()
        } catch {
            fatalError(error.localizedDescription)
        }
    }

    /// Appends to the first day when `date` is on its calendar day, else starts a new day.
    func record(_ exerciseName: String, at date: Date) {
        if let firstDate = exerciseDays.first?.date,
           env.clock.calendar.isDate(date, inSameDayAs: firstDate) {
            env.console("Adding \(exerciseName)")
            exerciseDays[0].exercises.append(exerciseName)
        } else {
            exerciseDays.insert(ExerciseDay(id: freshID(date: date, salt: exerciseName), date: date,
                                            exercises: [exerciseName]), at: 0)
        }
    }

    /// A new day's id, never one the list already holds (stored ids come from earlier launches).
    func freshID(date: Date, salt: String) -> UUID {
        var id = ids.next(date: date, salt: salt)
        while exerciseDays.contains(where: { $0.id == id }) { id = ids.next(date: date, salt: salt) }
        return id
    }
}
