// The reader's HIITFit as an edition of the HIITFit plug-in: what its screens do, and its name.
import Foundation
import HIITFitPlugin
import Harness
import Sandbox

extension ReaderCopy.HIITFitApp: HIITFitScreens {
    var historyDays: [(date: Date, exercises: [String])] { historyStore.exerciseDays.map { ($0.date, $0.exercises) } }
    var historyIDs: [UUID] { historyStore.exerciseDays.map(\.id) }
    var alert: AppAlert? {
        showAlert ? AppAlert(title: "History", message: "Unfortunately we can't load your past history.") : nil
    }
    var alerts: [AppAlert] { alert.map { [$0] } ?? [] }
    func finishExercise(_ name: String) { historyStore.addDoneExercise(name) }
    func rate(exerciseIndex: Int, rating: Int) { updateRating(exerciseIndex: exerciseIndex, rating: rating) }
    func selectTab(_ tab: Int) { selectedTab = tab }
}

extension AppPlugin {
    /// HIITFit with the reader's code registered as the edition `reader`.
    static let hiitfitWithReader = AppPlugin.hiitfit.adding(
        .hiitfit(name: "reader", summary: "a reader's HistoryStore, ported") { ReaderCopy.HIITFitApp(env: $0) })
}
