/// A path given to select scenario files that selects none or cannot be read: `no .scenario files in
/// folder 'x'`, `cannot read 'a.scenario': permission denied`.
public struct ScenarioSelectionError: Error, Sendable, CustomStringConvertible {
    /// One line naming the path and what is wrong with it.
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
