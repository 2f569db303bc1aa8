import Sandbox

/// Where a value sits inside a property list: `0/2/1`, `people/0/name`, `/` for the whole list.
///
/// Each component is read against the container it meets: in an array it is an index from 0, in a
/// dictionary it is the key as written (so a key `2` is written `2`). As in JSON Pointer (RFC 6901),
/// `~1` in a component is a `/` of the key and `~0` a `~`.
public struct PlistKeyPath: Sendable, Hashable, CustomStringConvertible {
    /// The keys and indexes, unescaped; empty: the whole property list.
    public var components: [String]

    public init(_ components: [String]) { self.components = components }

    /// As written in a scenario: components joined by `/`, escaped; `/` for the whole list.
    public var description: String { Self.written(components) }

    static func written(_ components: some Collection<String>) -> String {
        components.isEmpty
            ? "/"
            : components.map { $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
                .joined(separator: "/")
    }

    /// Parses `text`: `/`, or components joined by `/` with none empty and no `~` other than `~0` and `~1`.
    static func parse(_ text: String) throws(ValueProblem) -> PlistKeyPath {
        guard text != "/" else { return PlistKeyPath([]) }
        var components: [String] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: false) {
            guard !part.isEmpty else {
                throw ValueProblem("key path '\(text)' has an empty component (write '/' alone for the whole list)")
            }
            var key = ""
            var characters = part.makeIterator()
            while let character = characters.next() {
                guard character == "~" else {
                    key.append(character)
                    continue
                }
                switch characters.next() {
                case "0": key.append("~")
                case "1": key.append("/")
                default: throw ValueProblem("in key path '\(text)', '~' must be '~0' (a '~') or '~1' (a '/')")
                }
            }
            components.append(key)
        }
        return PlistKeyPath(components)
    }
}
