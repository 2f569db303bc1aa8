import Sandbox

/// The property list `expect plist` looks inside.
public enum PlistSource: Sendable, Hashable, CustomStringConvertible {
    /// A file of the container, XML or binary.
    case file(path: String)
    /// The value under a key of the key-value store, as the preferences file holds it.
    case persisted(key: String)

    public var description: String {
        switch self {
        case .file(let path): return path
        case .persisted(let key): return "persisted \(key)"
        }
    }
}

/// What `expect plist SOURCE KEYPATH ...` checks at the key path.
public enum PlistCheck: Sendable, Hashable {
    /// `TYPE VALUE`: this value, of this type.
    case equals(PlistValue)
    /// `count N`: an array or dictionary of N.
    case count(Int)
    /// `absent`: the property list is there and holds nothing at the key path.
    case absent
}

/// `expect plist SOURCE KEYPATH TYPE VALUE | count N | absent`.
extension StepReader {
    mutating func plistExpectation() throws(ScenarioError) -> Expectation {
        reader.usage =
            "expect plist FILE|@STORE|defaults:KEY KEYPATH TYPE VALUE | ... KEYPATH count N | ... KEYPATH absent "
            + "(TYPE: string, int, real, bool, date, data)"
        let source = try plistSource(reader.next())
        let pathWord = try reader.next()
        let path = try reader.value(of: pathWord, PlistKeyPath.parse)
        let (check, _) = try reader.choice("plist check", LiteralType.allCases.map(\.rawValue) + ["count", "absent"])
        switch check {
        case "count":
            let count = try reader.wholeNumber()
            try reader.finish()
            return .plist(source, path, .count(count))
        case "absent":
            try reader.finish()
            return .plist(source, path, .absent)
        default:
            return .plist(source, path, .equals(try reader.literal(LiteralType(rawValue: check)!)))
        }
    }

    /// `@NAME` of a file or key-value store, `defaults:KEY`, or a container path.
    private func plistSource(_ word: Word) throws(ScenarioError) -> PlistSource {
        if let store = try store(word) {
            switch store.location {
            case .file(let path): return .file(path: path)
            case .defaults(let key): return .persisted(key: key)
            }
        }
        if !word.quoted, word.text.hasPrefix("defaults:") {
            let key = String(word.text.dropFirst("defaults:".count))
            guard !key.isEmpty else { throw reader.error(word, "expected a key after 'defaults:'") }
            return .persisted(key: key)
        }
        if let problem = Values.pathProblem(word.text) { throw reader.error(word, problem) }
        return .file(path: word.text)
    }
}
