import Foundation
import Sandbox

/// HIITFit's app-level state, hardened: the launch path, the selected tab and the alerts. The store
/// is kept when loading fails (it shows what it could read and knows not to overwrite the file
/// unread); a stored tab that is no page opens the welcome page. Ratings are in
/// HardenedHIITFitApp+Ratings.swift.
public final class HardenedHIITFitApp {
    public let history: HardenedHistoryStore
    /// The alert on screen, if any (the newest one).
    public var alert: AppAlert? {
        didSet { if let alert { alerts.append(alert) } }
    }
    /// Every alert raised since launch, oldest first.
    public private(set) var alerts: [AppAlert] = []
    /// @SceneStorage("selectedTab"): 9 is the welcome page, 0...3 the exercises.
    public var selectedTab: Int

    let env: AppEnvironment
    /// The ratings as read once at launch, changed only by the user.
    var heldRatings: String = ""
    /// The stored ratings value when it was not a string (only shown until the user rates).
    var heldRatingsSource: Any?

    /// Launches the app; its history is stored in `coding`'s format (a port may keep another).
    public init(env: AppEnvironment, coding: HistoryCoding = .propertyList) {
        self.env = env
        var raised: [AppAlert] = []
        history = HardenedHistoryStore(env: env, coding: coding)
        do {
            try history.load()
        } catch {
            env.console("Could not load history data")
            raised.append(HardenedHistoryStore.loadAlert)
        }
        selectedTab = Self.validTab(env.defaults.object(forKey: "selectedTab"))
        if let ratingsAlert = loadHeldRatings() { raised.append(ratingsAlert) }
        alert = raised.last
        alerts = raised  // didSet does not run inside init
    }

    /// The user tapped Done on an exercise page.
    public func finishExercise(_ name: String) { finishExercise(name, on: env.clock.now) }

    /// The user logged an exercise done on `date` (today, or an earlier day).
    public func finishExercise(_ name: String, on date: Date) {
        history.addDoneExercise(name, date: date)
        if let notice = history.notice { alert = notice }
        if let error = history.saveError { alert = error }
    }

    /// The date the past-workout screen's picker gives for a day; nil for a day after today.
    public func pickedDate(year: Int, month: Int, day: Int) -> Date? {
        WorkoutDatePicker.date(year: year, month: month, day: day, now: env.clock.now, calendar: env.clock.calendar)
    }

    public func selectTab(_ tab: Int) { selectedTab = tab }

    /// The scene goes to the background: @SceneStorage saves the tab.
    public func sceneDidEnterBackground() {
        env.defaults.set(selectedTab, forKey: "selectedTab")
    }

    /// The user dismissed the alert.
    public func dismissAlert() { alert = nil }

    /// A stored tab that is not a page of the app opens the welcome page.
    static func validTab(_ stored: Any?) -> Int {
        guard let tab = stored as? Int, tab == 9 || Exercise.names.indices.contains(tab) else { return 9 }
        return tab
    }
}
