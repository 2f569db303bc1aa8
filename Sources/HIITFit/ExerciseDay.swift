import Foundation

/// One day of exercise: stored in history.plist as `[id.uuidString, date, exercises]`.
public struct ExerciseDay: Identifiable, Sendable, Hashable {
    public let id: UUID
    public var date: Date
    /// Exercise names, in the order they were done.
    public var exercises: [String]

    public init(id: UUID, date: Date, exercises: [String] = []) {
        self.id = id
        self.date = date
        self.exercises = exercises
    }
}

/// The book's history errors: the underlying error is dropped.
public enum FileError: Error, Sendable, Hashable {
    case loadFailure
    case saveFailure
    case urlFailure
}
