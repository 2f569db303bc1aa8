import Foundation
import Testing

@testable import Sandbox

/// A key whose hash is the same for every value, so every lookup meets a collision.
private struct Colliding: Hashable, Sendable {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

@Suite struct BoundedCacheTests {
    @Test("Keys with equal hashes keep their own values")
    func collidingKeys() {
        let cache = BoundedCache<Colliding, Int>(capacity: 8, maxCost: 1) { _, _ in 0 }
        var computed: [Int] = []
        for value in [1, 2, 1, 3, 2] {
            let result = cache.value(for: Colliding(value: value)) { key in
                computed.append(key.value)
                return key.value * 10
            }
            #expect(result == value * 10)
        }
        #expect(computed == [1, 2, 3], "an equal key is answered from memory, another one is computed")
    }

    @Test("It holds at most its capacity, the oldest leaving first, and nothing that costs too much")
    func bounded() {
        let cache = BoundedCache<Int, Int>(capacity: 3, maxCost: 100) { key, _ in key }
        var computed: [Int] = []
        func look(_ key: Int) {
            _ = cache.value(for: key) { key in
                computed.append(key)
                return key
            }
        }
        for key in [1, 2, 3, 4] { look(key) }
        #expect(cache.count == 3)
        look(1)
        look(4)
        #expect(computed == [1, 2, 3, 4, 1], "1 left when 4 came in; 4 is still held")
        look(500)
        look(500)
        #expect(computed.suffix(2) == [500, 500], "a value costing more than the bound is not kept")
        #expect(cache.count == 3)
    }
}
