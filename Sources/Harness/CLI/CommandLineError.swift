/// A mistake on the command line: names the flag or argument; exit status 2.
public struct CommandLineError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "harness: \(message)\nRun 'harness --help' for usage." }
}
