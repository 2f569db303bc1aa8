import Foundation

/// The identifier seam of a simulated world: the nth id the phone gave out is a hash of n, in
/// every run of the same steps.
public struct SimulatedIdentifiers: IdentifierSource {
    let world: SimulatedWorld

    public func next() -> UUID {
        let count = world.lock.withLock {
            world.identifierCount += 1
            return world.identifierCount
        }
        var bytes = Array("identifier".utf8)
        withUnsafeBytes(of: count.littleEndian) { bytes += $0 }
        return UUID(hashing: bytes)
    }
}
