import Foundation

/// 64-bit FNV-1a: the same bytes give the same hash in every process and on every platform
/// (unlike `Hasher`, which is seeded per process).
public enum FNV1a {
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325

    public static func hash<Bytes: Sequence>(_ bytes: Bytes, basis: UInt64 = offsetBasis) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = basis
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// Hashes text as it is written, as `hash` would hash the UTF-8 of all of it written into one string.
    public struct Stream: TextOutputStream {
        public private(set) var hash = FNV1a.offsetBasis

        public init() {}

        public mutating func write(_ text: String) {
            var text = text
            hash = text.withUTF8 { FNV1a.hash($0, basis: hash) }
        }
    }
}

extension UUID {
    /// A version-4-shaped UUID from two FNV-1a hashes of `bytes`: fresh-looking ids that a
    /// seeded run reproduces exactly.
    public init(hashing bytes: [UInt8]) {
        var raw = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: FNV1a.hash(bytes).bigEndian) { raw.replaceSubrange(0..<8, with: $0) }
        withUnsafeBytes(of: FNV1a.hash(bytes, basis: 0x6C62_272E_07BB_0142).bigEndian) {
            raw.replaceSubrange(8..<16, with: $0)
        }
        raw[6] = (raw[6] & 0x0F) | 0x40
        raw[8] = (raw[8] & 0x3F) | 0x80
        self.init(
            uuid: (
                raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
            ))
    }
}
