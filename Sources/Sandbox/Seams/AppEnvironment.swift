import Foundation

/// Everything app code touches outside its own memory, in one value.
///
/// App code receives an `AppEnvironment` and calls `files`, `clock`, `defaults` and
/// `console` where it used to call `FileManager.default`, `Date()`,
/// `UserDefaults.standard` and `print`.
public struct AppEnvironment: Sendable {
    public var files: any FileSystem
    public var clock: any WallClock
    public var defaults: any KeyValueStore
    /// Where the app's `print` output goes.
    public var console: @Sendable (String) -> Void

    public init(files: any FileSystem, clock: any WallClock, defaults: any KeyValueStore,
                console: @escaping @Sendable (String) -> Void = { _ in }) {
        self.files = files
        self.clock = clock
        self.defaults = defaults
        self.console = console
    }
}
