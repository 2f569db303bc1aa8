import Foundation

/// The identifier seam as `UUID()` makes ids: for app code in production, never a simulated run.
public struct LiveIdentifiers: IdentifierSource {
    public init() {}
    public func next() -> UUID { UUID() }
}
