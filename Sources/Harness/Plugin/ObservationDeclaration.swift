import Foundation
import Sandbox

/// One thing the user sees in the app (the history, the rows, the ratings), the store it comes
/// from, and how the judge compares it (docs/oracles.md).
public struct ObservationDeclaration: Sendable {
    /// How the judge compares this observation between runs.
    public enum Comparison: Sendable {
        /// A collection judged entry by entry (see `ObservedValue.entries`): a fault may leave more
        /// than the user expects, never less.
        case entries
        /// One value: it must be equal, unless the value the user should see holds no data.
        case whole(holdsData: @Sendable (ObservedValue) -> Bool)
        /// Like `entries`, and the order is the user's data too (days newest first): after a relaunch the
        /// acknowledged entries must keep their relative order.
        case orderedEntries
        /// The ids of another observation's entries (a day's UUID, a picture's file name): not data the
        /// judge compares, but `expect ids kept` holds them to what the app showed before its last relaunch.
        case identities
        /// Screen state, not the user's data (a selected tab): checks read it, the judge does not.
        case screenState
    }

    /// The name the app's driver gives the value under.
    public var name: String
    /// The store it comes from (one of the plug-in's `stores`): data in the key-value store may be
    /// lost by the platform rather than the app.
    public var store: String
    public var comparison: Comparison
    /// Whether the value shows files the app wrote (nil: whether `store` is a file). Names to Faces' faces
    /// are pictures listed by the key-value store: a face lost while its person is still listed is the
    /// app's loss, even in a run where the platform lost key-value changes too.
    public var inFiles: Bool?
    /// The inverse of the plug-in's checks: the `expect` lines that hold exactly when the app shows
    /// `value`, dates named in the calendar given. Reproductions, `harness import` and `harness run
    /// --record` write them (see `AppPlugin.checkLines(for:calendar:)`). None by default.
    public var expectations: @Sendable (ObservedValue, Calendar) -> [String]

    public init(
        name: String, store: String, comparison: Comparison, inFiles: Bool? = nil,
        expectations: @escaping @Sendable (ObservedValue, Calendar) -> [String] = { _, _ in [] }
    ) {
        self.name = name
        self.store = store
        self.comparison = comparison
        self.inFiles = inFiles
        self.expectations = expectations
    }

    /// Whether this observation is the ids of another's entries (what `expect ids kept` holds on to).
    var showsIdentities: Bool {
        if case .identities = comparison { return true }
        return false
    }
}

/// What the user sees at one moment: a value per declared observation, and the alerts.
public struct Observation: Sendable {
    /// Each observation's value, by its declared name.
    public var values: [String: ObservedValue]
    /// The alert on screen, if any.
    public var alert: AppAlert?
    /// Alerts raised since this launch (an alert stays on screen until dismissed; this counts new ones).
    public var alertCount: Int

    public init(values: [String: ObservedValue], alert: AppAlert? = nil, alertCount: Int = 0) {
        self.values = values
        self.alert = alert
        self.alertCount = alertCount
    }
}
