import Foundation

/// Everything app code touches outside its own memory, in one value.
///
/// App code receives an `AppEnvironment` and calls `files`, `clock`, `defaults`,
/// `identifiers` and `console` where it used to call `FileManager.default`, `Date()`,
/// `UserDefaults.standard`, `UUID()`, `print` and `DispatchQueue.main.async` (or `.task`, `onAppear`).
public struct AppEnvironment: Sendable {
    public var files: any FileSystem
    public var clock: any WallClock
    public var defaults: any KeyValueStore
    /// Where fresh ids come from (`UUID()` in production, a counter in a simulated run).
    public var identifiers: any IdentifierSource
    /// Where work for after the current event goes (`DispatchQueue.main.async`, `.task`, `onAppear`).
    public var mainQueue: any MainQueue
    /// Where the app's `print` output goes.
    public var console: @Sendable (String) -> Void

    public init(
        files: any FileSystem, clock: any WallClock, defaults: any KeyValueStore,
        identifiers: any IdentifierSource = LiveIdentifiers(), mainQueue: any MainQueue = LiveMainQueue(),
        console: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.files = files
        self.clock = clock
        self.defaults = defaults
        self.identifiers = identifiers
        self.mainQueue = mainQueue
        self.console = console
    }
}
