import Foundation
import Sandbox

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
        return UUID(hashing: bytes).uuidString
    }
}
