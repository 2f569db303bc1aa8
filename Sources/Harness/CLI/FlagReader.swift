import Sandbox

/// Walks command-line words, reading flag values with errors that name the flag.
struct FlagReader {
    private let arguments: [String]
    private var index = 0

    init(_ arguments: [String]) { self.arguments = arguments }

    mutating func next() -> String? {
        guard index < arguments.count else { return nil }
        defer { index += 1 }
        return arguments[index]
    }

    mutating func value(for flag: String) throws -> String {
        guard let value = next(), !value.hasPrefix("--") else { throw CommandLineError("missing value for '\(flag)'") }
        return value
    }

    /// The value of `flag`, which must name an edition of one of `plugins`.
    mutating func edition(for flag: String, plugins: PluginRegistry) throws -> String {
        let name = try value(for: flag)
        let names = plugins.editionNames
        guard names.contains(name) else {
            let hint = Suggestions.hint(name, names)
            throw CommandLineError("unknown edition '\(name)' for '\(flag)'"
                                   + (hint.isEmpty ? " (expected one of: \(names.joined(separator: ", ")))" : hint))
        }
        return name
    }

    mutating func number(for flag: String) throws -> UInt64 {
        let text = try value(for: flag)
        guard let number = UInt64(text) else { throw CommandLineError("'\(flag)' expects a whole number, found '\(text)'") }
        return number
    }
}
