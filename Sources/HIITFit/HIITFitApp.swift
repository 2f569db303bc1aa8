import Foundation
import Sandbox

/// HIITFit's app-level state: the launch path, the selected tab and the alert.
/// Ratings live in Ratings.swift.
public final class HIITFitApp {
    public let history: HistoryStore
    /// The alert on screen, if any (the newest one).
    public var alert: AppAlert? {
        didSet { if let alert { alerts.append(alert) } }
    }
    /// Every alert raised since launch, oldest first.
    public private(set) var alerts: [AppAlert] = []
    /// @SceneStorage("selectedTab"): 9 is the welcome page, 0...3 the exercises.
    public var selectedTab: Int

    let env: AppEnvironment
    public let edition: Edition
    /// Hardened: the ratings as read once at launch, changed only by the user.
    var heldRatings: String = ""
    /// Hardened: the stored ratings value when it was not a string (only shown until the user rates).
    var heldRatingsSource: Any?

    static let historyAlert = AppAlert(title: "History", message: """
        Unfortunately we can't load your past history.
        Email support:
          support@xyz.com
        """)

    public init(environment: AppEnvironment, edition: Edition) {
        self.env = environment
        self.edition = edition
        var raised: [AppAlert] = []
        switch edition {
        case .book:
            let historyStore: HistoryStore
            do {
                historyStore = try HistoryStore(withChecking: true, environment: environment, edition: edition)
            } catch {
                environment.console("Could not load history data")
                historyStore = HistoryStore(environment: environment, edition: edition)
                raised.append(Self.historyAlert)
            }
            history = historyStore
            selectedTab = environment.defaults.object(forKey: "selectedTab") as? Int ?? 9
        case .hardened:
            // The same store is kept when loading fails: it shows what it could read and
            // knows not to overwrite the file without merging or copying it.
            history = HistoryStore(environment: environment, edition: edition)
            do {
                try history.load()
            } catch {
                environment.console("Could not load history data")
                raised.append(HistoryStore.loadAlert)
            }
            selectedTab = Self.validTab(environment.defaults.object(forKey: "selectedTab"))
        }
        if edition == .hardened, let ratingsAlert = loadHeldRatings() { raised.append(ratingsAlert) }
        alert = raised.last
        alerts = raised  // didSet does not run inside init
    }

    /// The user tapped Done on an exercise page.
    public func finishExercise(_ name: String) {
        history.addDoneExercise(name)
        if let notice = history.notice { alert = notice }
        if let error = history.saveError { alert = error }
    }

    public func selectTab(_ tab: Int) { selectedTab = tab }

    /// The scene goes to the background: @SceneStorage saves the tab.
    public func sceneDidEnterBackground() {
        env.defaults.set(selectedTab, forKey: "selectedTab")
    }

    /// The user dismissed the alert.
    public func dismissAlert() { alert = nil }

    /// Hardened: a stored tab that is not a page of the app opens the welcome page.
    static func validTab(_ stored: Any?) -> Int {
        guard let tab = stored as? Int, tab == 9 || Exercise.names.indices.contains(tab) else { return 9 }
        return tab
    }
}
