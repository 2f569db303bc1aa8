import Foundation

/// Makes the picture file names the book gets from `UUID().uuidString`, deterministically.
///
/// The harness replays a run byte for byte from its seed, so app code cannot call
/// `UUID()`: a name is a hash (FNV-1a, not the per-process-seeded `Hasher`) of a
/// per-screen counter, the person's name, the picture's bytes and the pictures already
/// in the list; it reads no clock, so the book's operation log is unchanged.
struct PictureNames {
    private var counter: UInt64 = 0

    mutating func next(name: String, imageData: Data, existing: [String]) -> String {
        counter += 1
        var bytes: [UInt8] = []
        withUnsafeBytes(of: counter.littleEndian) { bytes += $0 }
        bytes += Array(name.utf8) + [0]
        bytes += Array(imageData)
        for image in existing { bytes += [0] + Array(image.utf8) }
        return Self.uuid(hashing: bytes).uuidString
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
