import Foundation

/// The key-value seam on a real `UserDefaults` suite.
public struct LiveDefaults: KeyValueStore, @unchecked Sendable {
    // UserDefaults is thread-safe; it is not marked Sendable on every platform.
    public let store: UserDefaults

    public init(_ store: UserDefaults) { self.store = store }

    public func object(forKey key: String) -> Any? { store.object(forKey: key) }
    public func set(_ value: Any?, forKey key: String) { store.set(value, forKey: key) }
    public func removeObject(forKey key: String) { store.removeObject(forKey: key) }
    public func register(defaults: [String: Any]) { store.register(defaults: defaults) }
    @discardableResult public func synchronize() -> Bool { store.synchronize() }
    public func string(forKey key: String) -> String? { store.string(forKey: key) }
    public func integer(forKey key: String) -> Int { store.integer(forKey: key) }
    public func double(forKey key: String) -> Double { store.double(forKey: key) }
    public func bool(forKey key: String) -> Bool { store.bool(forKey: key) }
    public func data(forKey key: String) -> Data? { store.data(forKey: key) }
    public func array(forKey key: String) -> [Any]? { store.array(forKey: key) }
    public func dictionary(forKey key: String) -> [String: Any]? { store.dictionary(forKey: key) }
}
