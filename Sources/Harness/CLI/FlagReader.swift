import Sandbox

/// Walks command-line words, reading flag values with errors that name the flag. A flag that takes one value
/// may be given once: a second `--shard` is a mistake to report, not a choice to make silently.
package struct FlagReader {
    private let arguments: [String]
    private var index = 0
    /// The single-valued flags read so far.
    private var given: Set<String> = []

    package init(_ arguments: [String]) { self.arguments = arguments }

    package mutating func next() -> String? {
        guard index < arguments.count else { return nil }
        defer { index += 1 }
        return arguments[index]
    }

    /// The word after `flag`; unless `repeatable` (`--app`, `--only`), `flag` must not have been given before.
    package mutating func value(for flag: String, repeatable: Bool = false) throws(CommandLineError) -> String {
        guard repeatable || given.insert(flag).inserted else {
            throw CommandLineError("'\(flag)' is given more than once (it takes one value)")
        }
        guard let value = next(), !value.hasPrefix("--") else { throw CommandLineError("missing value for '\(flag)'") }
        return value
    }

    /// The value of `flag`, which must name an edition of one of `plugins`.
    mutating func edition(for flag: String, plugins: PluginRegistry) throws(CommandLineError) -> String {
        try name(for: flag, kind: "edition", among: plugins.editionNames, repeatable: false)
    }

    /// An app the plug-ins declare, as scenarios name it after `app`; the flag may be repeated, for more apps.
    mutating func app(for flag: String, plugins: PluginRegistry) throws(CommandLineError) -> String {
        try name(for: flag, kind: "app", among: plugins.plugins.map(\.name), repeatable: true)
    }

    /// The value of `flag`, one of `names`; else an error that suggests a close one or lists them.
    private mutating func name(
        for flag: String, kind: String, among names: [String], repeatable: Bool
    ) throws(CommandLineError) -> String {
        let name = try value(for: flag, repeatable: repeatable)
        guard names.contains(name) else {
            let hint = Suggestions.hint(name, names)
            throw CommandLineError(
                "unknown \(kind) '\(name)' for '\(flag)'"
                    + (hint.isEmpty ? " (expected one of: \(names.joined(separator: ", ")))" : hint))
        }
        return name
    }

    /// The longest `--timeout`: a day, far past any run, and far inside what a deadline can count.
    static let longestTimeout = 86_400.0
    /// The shortest `--timeout`: a millisecond, the resolution of the wait for a worker's answer.
    static let shortestTimeout = 0.001

    /// A number of seconds, whole or not (`60`, `0.5`), from `shortestTimeout` to `longestTimeout`.
    mutating func seconds(for flag: String) throws(CommandLineError) -> Double {
        let text = try value(for: flag)
        guard let seconds = try? Values.real(text), (Self.shortestTimeout...Self.longestTimeout).contains(seconds)
        else {
            throw CommandLineError(
                "invalid value for '\(flag)': expected a number of seconds from \(Self.shortestTimeout) to "
                    + "\(Int(Self.longestTimeout)), found '\(text)'")
        }
        return seconds
    }

    /// `--shard I/N`: part I of N.
    mutating func shard(for flag: String) throws(CommandLineError) -> Shard {
        let text = try value(for: flag)
        guard let shard = Shard(text) else {
            throw CommandLineError(
                "invalid value for '\(flag)': expected I/N, part I of N parts (1 ≤ I ≤ N ≤ \(Shard.largestCount)), "
                    + "found '\(text)'")
        }
        return shard
    }

    /// A whole number, read as the scenario language reads one: a number too large says the range.
    package mutating func number(for flag: String) throws(CommandLineError) -> UInt64 {
        let text = try value(for: flag)
        do {
            return try Values.number(text, as: UInt64.self)
        } catch {
            throw CommandLineError("invalid value for '\(flag)': \(error.message)")
        }
    }

    /// A count of `things` from 1 to `limit`: `--jobs 2`, `--rounds 7`.
    package mutating func count(of things: String, for flag: String, limit: Int) throws(CommandLineError) -> Int {
        let text = try value(for: flag)
        guard let count = Int(text), (1...limit).contains(count) else {
            throw CommandLineError(
                "invalid value for '\(flag)': expected a number of \(things) from 1 to \(limit), found '\(text)'")
        }
        return count
    }
}
