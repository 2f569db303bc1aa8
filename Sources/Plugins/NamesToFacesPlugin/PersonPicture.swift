import Foundation
import Sandbox

/// The picture `person add NAME` gives the app: 70 JPEG-shaped bytes made from the name, so that a
/// check tells a whole picture from a torn, flipped or foreign file without remembering the adds of
/// an earlier process.
enum PersonPicture {
    /// SOI, then a comment segment (marker and length) that holds the payload.
    private static let header: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x40]
    /// EOI.
    private static let trailer: [UInt8] = [0xFF, 0xD9]
    /// The payload: an 8-byte seed, then bytes drawn from it.
    private static let payloadCount = 62
    static let count = header.count + payloadCount + trailer.count

    /// The picture of `name`.
    static func bytes(for name: String) -> Data { bytes(seed: seed(of: name)) }

    /// The seed the picture of `name` is drawn from.
    static func seed(of name: String) -> UInt64 { FNV1a.hash(Array(name.utf8)) }

    /// The seed of `data` when it is exactly a whole picture of some name, else nil.
    static func seed(ofWhole data: Data) -> UInt64? {
        guard data.count == count else { return nil }
        let seed = data.dropFirst(header.count).prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return bytes(seed: seed) == data ? seed : nil
    }

    private static func bytes(seed: UInt64) -> Data {
        var payload = withUnsafeBytes(of: seed.bigEndian) { Array($0) }
        var generator = SplitMix64(seed: seed)
        while payload.count < payloadCount { payload.append(UInt8(truncatingIfNeeded: generator.next())) }
        return Data(header + payload + trailer)
    }
}
