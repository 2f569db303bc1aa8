import Foundation

/// The key-value seam of a simulated world: values live in the process's memory
/// and reach `Library/Preferences/<bundle id>.plist` only when the flush policy says.
public struct SimulatedDefaults: KeyValueStore {
    let world: SimulatedWorld
    let process: Int

    public func object(forKey key: String) -> Any? {
        (try? world.getOperation(process, key))?.object
    }
    public func set(_ value: Any?, forKey key: String) {
        try? world.setOperation(process, key, value)
    }
    public func removeObject(forKey key: String) {
        try? world.setOperation(process, key, nil)
    }
    public func register(defaults: [String: Any]) {
        world.register(process, defaults)
    }
    @discardableResult public func synchronize() -> Bool {
        world.synchronize(process)
    }
}

extension SimulatedWorld {
    func getOperation(_ caller: Int, _ key: String) throws -> PlistValue? {
        try operate(caller, .get, "defaults:" + key) { fault in
            let stored = process?.defaults[key] ?? process?.registered[key]
            switch fault {
            case .missing?: return .ok(nil, "nil (fault)", faulted: true)
            case .wrongType?:
                let other: PlistValue =
                    stored.map { if case .string = $0 { return .integer(7) } else { return .string("7") } }
                    ?? .integer(7)
                return .ok(other, "\(other.shape) (wrong type fault)", faulted: true)
            default: return .ok(stored, stored?.shape ?? "nil")
            }
        }
    }

    func setOperation(_ caller: Int, _ key: String, _ value: Any?) throws {
        let plist: PlistValue?
        if let value {
            guard let converted = PlistValue(value) else {
                preconditionFailure("Attempt to insert non-property list object for key \(key)")
            }
            plist = converted
        } else {
            plist = nil
        }
        try operate(caller, .set, "defaults:" + key) { _ in
            process?.defaults[key] = plist
            process?.unflushed = true
            return .ok((), plist.map { "set \($0.shape)" } ?? "removed")
        }
    }

    func register(_ caller: Int, _ values: [String: Any]) {
        lock.withLock {
            guard isLive(caller) else { return }
            for (key, value) in values { process?.registered[key] = PlistValue(value) }
        }
    }

    func synchronize(_ caller: Int) -> Bool {
        guard lock.withLock({ isLive(caller) && flushPolicy != .never }) else {
            return lock.withLock { isLive(caller) }
        }
        return flushDefaults(caller: caller)
    }

    /// Writes the in-memory values to the preferences file (atomically); false when that failed.
    func flushDefaults(caller: Int?) -> Bool {
        let state: (Int, [String: PlistValue])? = lock.withLock {
            guard let current = process, current.alive, caller == nil || caller == current.id else { return nil }
            return current.unflushed ? (current.id, current.defaults) : nil
        }
        guard let (id, values) = state else { return isRunning }
        guard let data = Self.encodedDefaults(values) else { return false }
        do {
            try writeOperation(id, data, preferencesURL, mode: .atomic, platform: true)
            lock.withLock {
                guard process?.id == id else { return }
                process?.unflushed = false
                process?.removedBeforeFlush = false
            }
            return true
        } catch {
            return false
        }
    }

    /// Whether the running process holds key-value changes the preferences file does not.
    public var hasUnflushedDefaults: Bool { lock.withLock { process?.alive == true && process?.unflushed == true } }

    /// The platform writes the running process's key-value changes to the preferences file now, as iOS may at
    /// any moment before the app goes to the background; false when the write failed.
    @discardableResult public func writeBackDefaults() -> Bool { flushDefaults(caller: nil) }

    /// A new process reads the preferences file; a missing, unreadable or wrong-shaped one reads as empty.
    func loadDefaults(process id: Int) {
        let values = Self.storedDefaults(in: try? readOperation(id, preferencesURL, platform: true))
        lock.withLock { if process?.id == id { process?.defaults = values } }
    }

    /// How values reach the preferences file.
    public var defaultsFlushPolicy: FlushPolicy {
        get { lock.withLock { flushPolicy } }
        set { lock.withLock { flushPolicy = newValue } }
    }

    /// The running process's in-memory value for `key` (not logged).
    public func defaultsValue(forKey key: String) -> PlistValue? {
        lock.withLock { process?.alive == true ? (process?.defaults[key] ?? process?.registered[key]) : nil }
    }

    /// What the preferences file holds for `key` (not logged).
    public func persistedDefaultsValue(forKey key: String) -> PlistValue? {
        Self.storedDefaults(in: fileData(preferencesPath))[key]
    }

    /// Sets a value as if a previous version had stored it: in memory when the app runs,
    /// and in the preferences file either way (durably, written when the files are next looked at).
    public func putDefaultsValue(_ value: PlistValue?, forKey key: String) {
        lock.withLock {
            pendingDefaults[key] = .some(value)
            if process?.alive == true { process?.defaults[key] = value }
        }
    }

    /// The values a preferences file holds: none when it is missing, corrupt or not a dictionary.
    static func storedDefaults(in data: Data?) -> [String: PlistValue] {
        guard let data else { return [:] }
        return decodedPreferences.value(for: data) { data in
            guard case .dictionary(let values)? = try? PlistValue(propertyList: data) else { return [:] }
            return values
        }
    }

    /// The preferences file that holds `values` (a binary property list); nil when they cannot be encoded.
    static func encodedDefaults(_ values: [String: PlistValue]) -> Data? {
        encodedPreferences.value(for: values) { values in
            try? PlistValue.dictionary(values).binaryData()
        }
    }

    // Most flushes write values some earlier flush wrote, and most launches read a file some earlier
    // launch read: every run of an exploration repeats the same steps with one fault moved.
    private static let encodedPreferences = BoundedCache<[String: PlistValue], Data?>(capacity: 64, maxCost: 64 << 10) {
        _, data in data?.count ?? 0
    }
    private static let decodedPreferences = BoundedCache<Data, [String: PlistValue]>(capacity: 64, maxCost: 64 << 10) {
        data, _ in data.count
    }
}
