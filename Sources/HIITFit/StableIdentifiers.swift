import Foundation
import Sandbox

/// Makes the "fresh" UUIDs the book gets from `UUID()`, deterministically.
///
/// The harness replays a run byte for byte from its seed, so app code cannot call
/// `UUID()`: an id is a hash (FNV-1a, not the per-process-seeded `Hasher`) of the
/// day's date, a per-store counter and the day's first exercise, and reads no clock.
struct StableIdentifiers {
    private var counter: UInt64 = 0

    mutating func next(date: Date, salt: String) -> UUID {
        counter += 1
        var bytes: [UInt8] = []
        withUnsafeBytes(of: date.timeIntervalSinceReferenceDate.bitPattern.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: counter.littleEndian) { bytes += $0 }
        bytes += Array(salt.utf8)
        return UUID(hashing: bytes)
    }
}
