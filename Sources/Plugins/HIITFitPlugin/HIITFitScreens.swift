import Foundation
import HIITFit
import Sandbox

/// What HIITFit's screens do, whichever edition's code runs them: the state and the calls the
/// plug-in's driver uses. Each edition's app type conforms; a port of HIITFit conforms in its own file.
public protocol HIITFitScreens: AnyObject {
    /// The history as the history view lists it: each day's date and exercises, newest day first.
    var historyDays: [(date: Date, exercises: [String])] { get }
    /// Each day's id, in the order of `historyDays`.
    var historyIDs: [UUID] { get }
    /// The alert on screen, if any.
    var alert: AppAlert? { get }
    /// Every alert raised since launch, oldest first.
    var alerts: [AppAlert] { get }
    /// The raw ratings string, one character per exercise.
    var ratings: String { get }
    /// The selected tab: 9 is the welcome page, 0...3 the exercises.
    var selectedTab: Int { get }
    /// The user tapped Done on an exercise page.
    func finishExercise(_ name: String)
    /// What opening exercise `exerciseIndex`'s rating view does first.
    func prepareRating(exerciseIndex: Int)
    /// The user taps star `rating` on exercise `exerciseIndex`'s page.
    func rate(exerciseIndex: Int, rating: Int)
    /// The rating shown for exercise `exerciseIndex`.
    func rating(exerciseIndex: Int) -> Int
    func selectTab(_ tab: Int)
    /// The scene goes to the background.
    func sceneDidEnterBackground()
}

/// The screen where the user logs a workout done on an earlier day, in the editions that have one:
/// `done EXERCISE on YYYY-MM-DD` is an action error on an edition without it.
public protocol HIITFitPastWorkoutScreen: HIITFitScreens {
    /// The date the screen's picker gives for a day (today's time of day); nil for a day after today.
    func pickedDate(year: Int, month: Int, day: Int) -> Date?
    /// The user logged exercise `name` as done on `date`.
    func finishExercise(_ name: String, on date: Date)
}

extension HIITFitApp: HIITFitPastWorkoutScreen {
    public var historyDays: [(date: Date, exercises: [String])] { history.exerciseDays.map { ($0.date, $0.exercises) } }
    public var historyIDs: [UUID] { history.exerciseDays.map(\.id) }
}

extension HardenedHIITFitApp: HIITFitPastWorkoutScreen {
    public var historyDays: [(date: Date, exercises: [String])] { history.exerciseDays.map { ($0.date, $0.exercises) } }
    public var historyIDs: [UUID] { history.exerciseDays.map(\.id) }
}
