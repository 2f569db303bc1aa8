/// A mistake in a scenario file, at the place it was found.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: ScenarioLocation
    public var message: String
    /// The scenario uses a store as the other kind (a file where the plug-in declares a key, or the reverse), or the
    /// mistake follows from such a use (a fixture only that step used): a port whose data moved between the two
    /// parses it so, and may list it as known to fail (see `KnownFailures`).
    public var isStoreKindMismatch = false

    public init(_ location: ScenarioLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line:column: message`.
    public var description: String { "\(location): \(message)" }
}

/// Every mistake found in one scenario file, in file order.
public struct ScenarioErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [ScenarioError]

    public init(_ errors: [ScenarioError]) { self.errors = errors }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
