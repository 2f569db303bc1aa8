import Foundation

/// The key-value seam with `UserDefaults` semantics (and what `@AppStorage` and
/// `@SceneStorage` sit on). Values are property-list types.
///
/// The typed getters coerce as `UserDefaults` does: `string(forKey:)` of a number
/// is its decimal text, `integer(forKey:)` of "42" is 42, `bool(forKey:)` of "YES"
/// is true, and a missing or unconvertible value gives nil, 0 or false.
public protocol KeyValueStore: Sendable {
    func object(forKey key: String) -> Any?
    func set(_ value: Any?, forKey key: String)
    func removeObject(forKey key: String)
    func register(defaults: [String: Any])
    /// Writes pending changes now; false when the write failed.
    @discardableResult func synchronize() -> Bool

    func string(forKey key: String) -> String?
    func integer(forKey key: String) -> Int
    func double(forKey key: String) -> Double
    func bool(forKey key: String) -> Bool
    func data(forKey key: String) -> Data?
    func array(forKey key: String) -> [Any]?
    func dictionary(forKey key: String) -> [String: Any]?
}

extension KeyValueStore {
    public func string(forKey key: String) -> String? {
        DefaultsCoercion.string(object(forKey: key))
    }
    public func integer(forKey key: String) -> Int {
        DefaultsCoercion.integer(object(forKey: key))
    }
    public func double(forKey key: String) -> Double {
        DefaultsCoercion.double(object(forKey: key))
    }
    public func bool(forKey key: String) -> Bool {
        DefaultsCoercion.bool(object(forKey: key))
    }
    public func data(forKey key: String) -> Data? { object(forKey: key) as? Data }
    public func array(forKey key: String) -> [Any]? { object(forKey: key) as? [Any] }
    public func dictionary(forKey key: String) -> [String: Any]? { object(forKey: key) as? [String: Any] }
}
