/// A place where an app keeps the user's data, by a name that scenarios, observations and the
/// explorer can use whatever file name or key a port of the app chose.
public struct AppStore: Sendable, Hashable {
    /// Where the bytes are.
    public enum Location: Sendable, Hashable {
        /// A file, relative to the app container: `Documents/history.plist`.
        case file(path: String)
        /// A key of the key-value store (`UserDefaults`, `@AppStorage`).
        case defaults(key: String)
    }

    /// The name observations and scenarios use: `history`.
    public var name: String
    public var location: Location

    public init(name: String, location: Location) {
        self.name = name
        self.location = location
    }

    /// A store that is a file in the container.
    public static func file(_ name: String, at path: String) -> AppStore {
        AppStore(name: name, location: .file(path: path))
    }

    /// A store that is one key of the key-value store.
    public static func defaults(_ name: String, key: String) -> AppStore {
        AppStore(name: name, location: .defaults(key: key))
    }

    /// Whether the data lives in a file (the app's own writes) rather than the platform's key-value store.
    public var isFile: Bool {
        if case .file = location { return true }
        return false
    }
}
