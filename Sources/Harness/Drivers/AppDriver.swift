import Foundation
import Sandbox

/// Drives one app's real persistence code the way its screens do.
///
/// Every method runs on the simulated app thread (inside `SimulatedWorld.perform`),
/// so a crash fault can stop the app mid-call exactly as a killed process stops.
protocol AppDriver: AnyObject {
    /// The bundle identifier that names the app's preferences file.
    static var bundleIdentifier: String { get }

    init(edition: Edition, scenario: Scenario)

    /// The app's launch path: build its state from what is stored.
    func launch(_ environment: AppEnvironment)
    /// Performs a user action; throws when the user could not perform it (no such row).
    func perform(_ action: AppAction) throws(ActionError)
    /// The scene goes to the background (what the app saves then).
    func enterBackground()
    /// What the user sees now.
    func observe() -> AppObservation
    /// The rating shown on exercise `name`'s page (opening it pads the ratings first).
    func rating(of exercise: String) -> Int?
}

extension AppDriver {
    func enterBackground() {}
    func rating(of exercise: String) -> Int? { nil }
}

/// An action the user cannot perform on the current screen.
struct ActionError: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// What the user sees in the app, for the expectations to check.
struct AppObservation: Sendable {
    var alert: AppAlert?
    /// Alerts raised since this launch (an alert stays on screen until dismissed; this counts new ones).
    var alertCount = 0
    /// HIITFit: each day's date and exercises, newest first.
    var history: [(date: Date, exercises: [String])] = []
    var ratings: String?
    var selectedTab: Int?
    var items: [ExpectedItem] = []
    var people: [String] = []
}

/// Makes the driver for an app.
enum AppDrivers {
    static func type(for app: AppName) -> any AppDriver.Type {
        switch app {
        case .hiitfit: return HIITFitDriver.self
        case .checklists: return ChecklistsDriver.self
        case .namestofaces: return NamesToFacesDriver.self
        }
    }
}
