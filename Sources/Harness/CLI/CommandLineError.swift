/// A mistake on the command line (a flag, a value), or a path it names that cannot be used:
/// one line, `harness: …` (the program's own name), naming the flag or the path; exit status 2.
public struct CommandLineError: Error, Sendable, CustomStringConvertible {
    /// The exit status of every command-line error.
    public static let exitStatus: Int32 = 2

    public var message: String
    /// A mistake in the words typed, which the help explains.
    public var pointsToHelp: Bool

    public init(_ message: String) {
        self.message = message
        pointsToHelp = true
    }

    /// A file or folder the command line names that cannot be read or written.
    public static func path(_ message: String) -> CommandLineError {
        var error = CommandLineError(message)
        error.pointsToHelp = false
        return error
    }

    public var description: String {
        let help = pointsToHelp ? "; see '\(ProgramName.current) --help'" : ""
        return ProgramName.line(ControlCharacters.escaped(message) + help)
    }
}
