/// An app the harness can drive, declared in one place: its name, where it keeps the user's data
/// (stores), what the user can do (actions), what the user sees (observations), its own `expect`
/// lines (checks) and the editions of its code.
///
/// The scenario parser, the runner, the judge and the explorer look each of these up by name, as
/// Go's testscript looks commands up in a table: the harness itself knows no app.
///
/// ```swift
/// let plugin = AppPlugin(
///     name: "habits", bundleIdentifier: "com.example.Habits",
///     stores: [.file("habits", at: "Documents/habits.json")],
///     observations: [ObservationDeclaration(name: "habits", store: "habits", comparison: .entries)],
///     actions: [ActionDeclaration(verb: "habit", usage: "habit NAME") { reader in
///         PluginValue(HabitAction.add(try reader.rest().text))
///     }],
///     checks: [],
///     editions: [AppEdition(name: "mine", summary: "my HabitStore") { launch in
///         HabitsDriver(store: HabitStore(env: launch.environment))
///     }])
/// ```
public struct AppPlugin: Sendable {
    /// The word after `app` in a scenario: `app hiitfit`.
    public var name: String
    /// Names the key-value store's file: `Library/Preferences/<bundleIdentifier>.plist`.
    public var bundleIdentifier: String
    /// Words a scenario may put after the app's name (`app namestofaces codable`); the first is
    /// the default. Empty when the app has no variants.
    public var variants: [String]
    /// Where the app keeps the user's data, by the names scenarios and observations use.
    public var stores: [AppStore]
    /// What the user sees, in the order reproductions list it.
    public var observations: [ObservationDeclaration]
    /// The steps the user takes in the app: `done Squat`, `item add Milk`.
    public var actions: [ActionDeclaration]
    /// The app's own `expect` lines: `expect history days 2`.
    public var checks: [CheckDeclaration]
    /// The editions of the app's code; a user's port of the app is one more.
    public var editions: [AppEdition]
    /// The edition runs use when no `--edition` is given.
    public var defaultEdition: String

    /// `defaultEdition` nil: the first of `editions`.
    public init(
        name: String, bundleIdentifier: String, variants: [String] = [], stores: [AppStore],
        observations: [ObservationDeclaration], actions: [ActionDeclaration], checks: [CheckDeclaration],
        editions: [AppEdition], defaultEdition: String? = nil
    ) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
        self.variants = variants
        self.stores = stores
        self.observations = observations
        self.actions = actions
        self.checks = checks
        self.editions = editions
        self.defaultEdition = defaultEdition ?? editions.first?.name ?? ""
    }

    /// The registered edition `name`, if there is one.
    public func edition(named name: String) -> AppEdition? { editions.first { $0.name == name } }

    /// The declared store `name`, if there is one.
    public func store(named name: String) -> AppStore? { stores.first { $0.name == name } }

    /// `hiitfit's editions: hardened, book`, for messages.
    public var editionsDescription: String { "\(name)'s editions: " + editions.map(\.name).joined(separator: ", ") }

    /// This plug-in with one more edition of its code: how a user registers a port of the app.
    public func adding(_ edition: AppEdition) -> AppPlugin {
        var plugin = self
        plugin.editions.append(edition)
        return plugin
    }
}
