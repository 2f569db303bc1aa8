import Foundation
import HIITFit
import Sandbox

/// HIITFit: the app's launch logic, the exercise pages and the ratings view.
final class HIITFitDriver: AppDriver {
    static let bundleIdentifier = "com.example.HIITFit"
    private let edition: Edition
    private var app: HIITFitApp?

    init(edition: Edition, scenario: Scenario) { self.edition = edition }

    func launch(_ environment: AppEnvironment) {
        app = HIITFitApp(environment: environment, edition: edition)
    }

    func perform(_ action: AppAction) throws(ActionError) {
        guard let app else { throw ActionError("the app is not running") }
        switch action {
        case .finishExercise(let name):
            app.finishExercise(name)
        case .rate(let exercise, let rating):
            let index = try Self.index(of: exercise)
            app.prepareRating(exerciseIndex: index)
            app.rate(exerciseIndex: index, rating: rating)
        case .selectTab(let tab):
            app.selectTab(tab)
        default:
            throw ActionError("not a HIITFit action")
        }
    }

    func enterBackground() { app?.sceneDidEnterBackground() }

    func observe() -> AppObservation {
        guard let app else { return AppObservation() }
        var observation = AppObservation(alert: app.alert, alertCount: app.alerts.count, ratings: app.ratings, selectedTab: app.selectedTab)
        observation.history = app.history.exerciseDays.map { ($0.date, $0.exercises) }
        return observation
    }

    func rating(of exercise: String) -> Int? {
        guard let app, let index = try? Self.index(of: exercise) else { return nil }
        app.prepareRating(exerciseIndex: index)
        return app.rating(exerciseIndex: index)
    }

    private static func index(of exercise: String) throws(ActionError) -> Int {
        guard let index = Exercise.names.firstIndex(of: exercise) else { throw ActionError("no exercise named '\(exercise)'") }
        return index
    }
}
