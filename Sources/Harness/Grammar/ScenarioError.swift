/// A mistake in a scenario file, at the place it was found.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: ScenarioLocation
    public var message: String

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
