// My HIITFit as an edition of the HIITFit plug-in (`text`): what its screens do, and where it keeps
// the history (`@history` is Documents/history.txt for it).
import Foundation
import HIITFitPlugin
import Harness
import Sandbox

extension TextHIITFit.HIITFitApp: HIITFitScreens {
    public var historyDays: [(date: Date, exercises: [String])] {
        historyStore.exerciseDays.map { ($0.date, $0.exercises) }
    }
    public var historyIDs: [UUID] { historyStore.exerciseDays.map(\.id) }
    // The app has no alert: a history it cannot read shows empty.
    public var alert: AppAlert? { nil }
    public var alerts: [AppAlert] { [] }
    public func finishExercise(_ name: String) { historyStore.addDoneExercise(name) }
    public func rate(exerciseIndex: Int, rating: Int) { updateRating(exerciseIndex: exerciseIndex, rating: rating) }
    public func selectTab(_ tab: Int) { selectedTab = tab }
}

extension AppPlugin {
    /// HIITFit with my text-file history registered as the edition `text` (a new day is dated at its start),
    /// and `text-now` (the app as first written: a new day is dated at its first exercise, as in the book),
    /// its history at Documents/history.txt.
    public static let hiitfitWithText: AppPlugin = {
        var plugin = AppPlugin.hiitfit
            .adding(
                .hiitfit(name: "text", summary: "history as a text file, one line per day") {
                    TextHIITFit.HIITFitApp(env: $0, dayStamp: .startOfDay)
                }
            )
            .adding(
                .hiitfit(name: "text-now", summary: "history as a text file; a new day dated at its first exercise") {
                    TextHIITFit.HIITFitApp(env: $0, dayStamp: .now)
                })
        plugin.stores = plugin.stores.map { $0.name == "history" ? .file("history", at: "Documents/history.txt") : $0 }
        return plugin
    }()
}
