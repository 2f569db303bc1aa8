import Foundation
import HIITFit
import Harness
import Sandbox

/// HIITFit's screens as the harness drives them: the exercise pages, the ratings view, the tabs.
final class HIITFitDriver: AppDriver {
    private let app: any HIITFitScreens
    private var shown = ObservedHistory()

    init(app: any HIITFitScreens) { self.app = app }

    func perform(_ action: PluginValue) throws(ActionError) {
        switch action.as(HIITFitAction.self) {
        case .done(let name)?:
            app.finishExercise(name)
        case .doneOn(let name, let day)?:
            guard let screen = app as? any HIITFitPastWorkoutScreen else {
                throw ActionError("this edition has no screen to log a workout on an earlier day")
            }
            guard let date = screen.pickedDate(year: day.year, month: day.month, day: day.day) else {
                throw ActionError("\(day) is after today: the date picker offers today and earlier days")
            }
            screen.finishExercise(name, on: date)
        case .rate(let exercise, let rating)?:
            let index = try Self.index(of: exercise)
            app.prepareRating(exerciseIndex: index)
            app.rate(exerciseIndex: index, rating: rating)
        case .tab(let tab)?:
            app.selectTab(tab)
        case nil:
            throw ActionError("not a HIITFit action")
        }
    }

    func enterBackground() { app.sceneDidEnterBackground() }

    func observe() -> Observation {
        shown.show(app.historyDays, ids: app.historyIDs)
        let values: [String: ObservedValue] = [
            "history": shown.history, "historyIDs": shown.historyIDs,
            "ratings": .text(app.ratings), "tab": .integer(app.selectedTab),
        ]
        return Observation(values: values, alert: app.alert, alertCount: app.alerts.count)
    }

    func evaluate(_ check: AppCheck, in context: CheckContext) -> CheckFinding {
        guard let check = check.value.as(HIITFitCheck.self) else {
            return CheckFinding.cannotEvaluate("not a HIITFit check")
        }
        // Opening an exercise's page is what shows its rating (and pads the ratings first).
        return check.evaluate(
            observe: observe,
            openRating: { index in
                app.prepareRating(exerciseIndex: index)
                return app.rating(exerciseIndex: index)
            }, calendar: context.calendar)
    }

    private static func index(of exercise: String) throws(ActionError) -> Int {
        guard let index = Exercise.names.firstIndex(of: exercise) else {
            throw ActionError("no exercise named '\(exercise)'")
        }
        return index
    }
}
