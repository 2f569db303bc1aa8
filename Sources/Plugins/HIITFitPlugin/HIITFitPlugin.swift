import Foundation
import HIITFit
import Harness
import Sandbox

extension AppPlugin {
    /// HIITFit: the exercise history in `Documents/history.plist`, the ratings under `@AppStorage("ratings")`
    /// and the selected tab under `@SceneStorage("selectedTab")`.
    public static let hiitfit = AppPlugin(
        name: "hiitfit", bundleIdentifier: "com.example.HIITFit",
        stores: [
            .file("history", at: "Documents/history.plist"), .defaults("ratings", key: "ratings"),
            .defaults("selectedTab", key: "selectedTab"),
        ],
        observations: [
            ObservationDeclaration(
                name: "history", store: "history", comparison: .orderedEntries,
                expectations: HIITFitObservations.historyExpectations),
            // Each day's id (a UUID string), in the order of `history`: `expect ids kept` holds them across a relaunch.
            ObservationDeclaration(name: "historyIDs", store: "history", comparison: .identities),
            // A ratings string of only "0" (not rated) holds nothing a user could lose.
            ObservationDeclaration(
                name: "ratings", store: "ratings",
                comparison: .whole(holdsData: HIITFitObservations.holdsRatings),
                expectations: HIITFitObservations.ratingsExpectations),
            ObservationDeclaration(
                name: "tab", store: "selectedTab", comparison: .screenState,
                expectations: HIITFitObservations.tabExpectations),
        ],
        actions: HIITFitGrammar.actions, checks: HIITFitGrammar.checks,
        editions: [
            .hiitfit(name: "hardened", summary: "the same API and file formats, changed only where data can be lost") {
                HardenedHIITFitApp(env: $0)
            },
            .hiitfit(name: "book", summary: "the chapter's code on the seams, flaws included") { HIITFitApp(env: $0) },
        ])
}

extension AppEdition {
    /// An edition of HIITFit: `app` runs the app's launch path on a new process's seams and returns
    /// its screens. A port of HIITFit registers one with `AppPlugin.hiitfit.adding(.hiitfit(...))`.
    public static func hiitfit(
        name: String, summary: String,
        app: @escaping @Sendable (AppEnvironment) -> any HIITFitScreens
    ) -> AppEdition {
        AppEdition(name: name, summary: summary) { launch in HIITFitDriver(app: app(launch.environment)) }
    }
}
