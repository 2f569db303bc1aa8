import Foundation

/// A process-wide memo of a pure function, for work the explorer repeats run after run: the same
/// key-value store encoded at every flush, the same preferences file decoded at every launch.
///
/// Keyed by the whole input, which a lookup compares for equality: a hash collision costs a comparison,
/// never a wrong answer. It holds at most `capacity` entries (the oldest leaves first), and only those
/// whose `cost` (their size in bytes, say) is at most `maxCost`, so its memory has a bound.
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    let capacity: Int
    let maxCost: Int
    let cost: @Sendable (Key, Value) -> Int
    private let lock = NSLock()
    private var entries: [Key: Value] = [:]
    /// The keys in the order they were stored, for eviction.
    private var order: [Key] = []

    package init(capacity: Int, maxCost: Int, cost: @escaping @Sendable (Key, Value) -> Int) {
        self.capacity = capacity
        self.maxCost = maxCost
        self.cost = cost
    }

    /// `compute(key)`, remembered from an earlier call with an equal key when there was one.
    /// `compute` runs outside the lock, so it may be slow and other threads still find their entries.
    package func value(for key: Key, compute: (Key) -> Value) -> Value {
        if let remembered = lock.withLock({ entries[key] }) { return remembered }
        let value = compute(key)
        guard cost(key, value) <= maxCost else { return value }
        lock.withLock {
            guard entries.updateValue(value, forKey: key) == nil else { return }
            order.append(key)
            if order.count > capacity { entries[order.removeFirst()] = nil }
        }
        return value
    }

    /// How many entries it holds now.
    package var count: Int { lock.withLock { entries.count } }
}
