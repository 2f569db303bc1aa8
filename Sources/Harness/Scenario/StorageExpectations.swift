import Sandbox

/// `expect file|files|kept|defaults|persisted|ops ...`: checks on what is stored.
extension StepReader {
    static let plistShapes = ["string", "integer", "real", "bool", "date", "data", "array", "dictionary"]

    mutating func storageExpectation(_ kind: String) throws(ScenarioError) -> Expectation {
        switch kind {
        case "file":
            return try fileExpectation()
        case "files":
            reader.usage = "expect files PATTERN N"
            let word = try reader.next()
            let path = try filePath(word) ?? word.text
            if let problem = Values.pathProblem(path, allowWildcards: true) { throw reader.error(word, problem) }
            let count = try reader.wholeNumber()
            try reader.finish()
            return .fileCount(pattern: PathPattern(path), count: count)
        case "kept":
            reader.usage = "expect kept FIXTURE"
            let word = try reader.next()
            reference(word.text, at: word, needsBytes: true)
            try reader.finish()
            return .kept(fixture: word.text)
        case "plist":
            return try plistExpectation()
        case "ops":
            reader.usage = "expect ops KIND PATTERN N"
            let (op, _) = try reader.choice("operation", OperationKind.allCases.map(\.rawValue))
            let kind = OperationKind(rawValue: op)!
            let pattern = try self.pattern(for: kind)
            let count = try reader.wholeNumber()
            try reader.finish()
            return .operationCount(kind: kind, pattern: pattern, count: count)
        default:
            reader.usage =
                "expect \(kind) KEY TYPE VALUE | expect \(kind) KEY absent (TYPE: string, int, real, bool, date, data)"
            let key = try defaultsKey(reader.next())
            let (type, _) = try reader.choice("type", LiteralType.allCases.map(\.rawValue) + ["absent"])
            var value: PlistValue?
            if let literalType = LiteralType(rawValue: type) {
                value = try reader.literal(literalType)
            } else {
                try reader.finish()
            }
            return kind == "defaults" ? .defaultsValue(key: key, value: value) : .persistedValue(key: key, value: value)
        }
    }

    private mutating func fileExpectation() throws(ScenarioError) -> Expectation {
        reader.usage =
            "expect file PATH exists|absent|unchanged | expect file PATH plist SHAPE | expect file PATH bytes N"
        let (path, pathWord) = try self.path()
        let (check, _) = try reader.choice("file check", ["exists", "absent", "unchanged", "plist", "bytes"])
        switch check {
        case "exists", "absent", "unchanged":
            if check == "unchanged" { reference(pathWord.text, at: pathWord) }
            try reader.finish()
            return .file(path: path, check == "exists" ? .exists : check == "absent" ? .absent : .unchanged)
        case "bytes":
            reader.usage = "expect file PATH bytes N"
            let count = try reader.wholeNumber()
            try reader.finish()
            return .file(path: path, .bytes(count))
        default:
            reader.usage =
                "expect file PATH plist SHAPE (SHAPE: string, integer, real, bool, date, data, "
                + "array of N, dictionary of N)"
            return .file(path: path, .plist(shape: try plistShape()))
        }
    }

    /// `string`, `array of 2`...: as `PlistValue.shape` spells it.
    private mutating func plistShape() throws(ScenarioError) -> String {
        let (shape, _) = try reader.choice("plist shape", Self.plistShapes)
        guard shape == "array" || shape == "dictionary" else {
            try reader.finish()
            return shape
        }
        reader.usage = "expect file PATH plist \(shape) of N"
        let of = try reader.next()
        guard of.text == "of" else { throw reader.error(of, "expected 'of' after '\(shape)', found '\(of.text)'") }
        let count = try reader.wholeNumber()
        try reader.finish()
        return "\(shape) of \(count)"
    }
}
