// The chapter's HIITFitApp, on the seams: its launch path (a HistoryStore that loads, or an empty
// one and the alert), and ContentView's `@SceneStorage("selectedTab")`. Edited lines end in
// `// ported: was …`; RatingView's `@AppStorage("ratings")` is in RatingView.swift.
import Foundation
import Sandbox  // ported: added

public final class HIITFitApp {  // ported: was `struct HIITFitApp: App {`
    public let history: HistoryStore  // ported: was `@StateObject private var historyStore: HistoryStore`
    var showAlert = false  // ported: was `@State private var showAlert = false`
    public var selectedTab: Int  // ported: ContentView's `@SceneStorage("selectedTab") private var selectedTab = 9`
    /// Every alert raised since launch, oldest first.
    public private(set) var alerts: [AppAlert] = []  // ported: added
    let env: AppEnvironment  // ported: added

    public init(env: AppEnvironment) {  // ported: was `init() {`
        self.env = env  // ported: added
        let historyStore: HistoryStore
        do {
            // ported: was `historyStore = try HistoryStore(withChecking: true)`
            historyStore = try HistoryStore(withChecking: true, env: env)
        } catch {
            env.console("Could not load history data")  // ported: was `print("Could not load history data")`
            historyStore = HistoryStore(env: env)  // ported: was `historyStore = HistoryStore()`
            showAlert = true
        }
        history = historyStore  // ported: was `_historyStore = StateObject(wrappedValue: historyStore)`
        // ported: added (@SceneStorage restores it)
        selectedTab = env.defaults.object(forKey: "selectedTab") as? Int ?? 9
        if showAlert { alerts.append(Self.historyAlert) }  // ported: added
    }

    // ported: the body's `.alert(isPresented: $showAlert) { Alert(title: ..., message: ...) }`
    static let historyAlert = AppAlert(
        title: "History",
        message: """
            Unfortunately we can't load your past history.
            Email support:
              support@xyz.com
            """)

    /// The alert on screen, if any.
    public var alert: AppAlert? { showAlert ? Self.historyAlert : nil }  // ported: added

    /// The user dismissed the alert.
    public func dismissAlert() { showAlert = false }  // ported: added

    /// The user tapped Done on an exercise page (ExerciseView's `historyStore.addDoneExercise`).
    public func finishExercise(_ name: String) { history.addDoneExercise(name) }  // ported: added

    /// The user logged a workout done on an earlier day (a past-workout screen the chapter has not).
    public func finishExercise(_ name: String, on date: Date) {  // ported: added
        history.addDoneExercise(name, date: date)  // ported: added
    }  // ported: added

    /// The date the past-workout screen's picker gives for a day; nil for a day after today.
    public func pickedDate(year: Int, month: Int, day: Int) -> Date? {  // ported: added
        WorkoutDatePicker.date(  // ported: added
            year: year, month: month, day: day, now: env.clock.now, calendar: env.clock.calendar)  // ported: added
    }  // ported: added

    public func selectTab(_ tab: Int) { selectedTab = tab }  // ported: added

    /// The scene goes to the background: @SceneStorage saves the tab.
    public func sceneDidEnterBackground() { env.defaults.set(selectedTab, forKey: "selectedTab") }  // ported: added
}
