import Foundation

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
        return Self.uuid(hashing: bytes)
    }

    /// A version-4-shaped UUID from two FNV-1a hashes of `bytes`.
    static func uuid(hashing bytes: [UInt8]) -> UUID {
        func fnv(_ basis: UInt64) -> UInt64 {
            var hash = basis
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
        var raw = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: fnv(0xCBF2_9CE4_8422_2325).bigEndian) { raw.replaceSubrange(0..<8, with: $0) }
        withUnsafeBytes(of: fnv(0x6C62_272E_07BB_0142).bigEndian) { raw.replaceSubrange(8..<16, with: $0) }
        raw[6] = (raw[6] & 0x0F) | 0x40
        raw[8] = (raw[8] & 0x3F) | 0x80
        return UUID(uuid: (raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                           raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]))
    }
}
