import Foundation

/// The identifier seam: what app code calls instead of `UUID()`.
///
/// A run is replayed byte for byte from its seed, so a fresh id cannot be random: the simulated
/// world derives each from a counter, with a stable hash (FNV-1a, not the per-process `Hasher`),
/// and reads no clock, so asking for one adds no operation to the log.
public protocol IdentifierSource: Sendable {
    /// A new identifier, different from every other one this source gave out.
    func next() -> UUID
}
