import Sandbox

/// `fault OP PATH FAULT [ARGS] [every | nth N | from N]`.
extension StepReader {
    static let faultNames = [
        "missing", "no-url", "partial", "wrong-type", "disk-full", "permission",
        "io-error", "corrupt", "crash-before", "crash-after", "crash-after-flush",
    ]
    static let crashKinds = ["kill", "power-loss"]

    mutating func fault() throws(ScenarioError) -> Command {
        reader.usage = "fault OP PATH FAULT [ARGS] [every | nth N | from N]"
        _ = try reader.next()
        let (op, _) = try reader.choice("operation", OperationKind.allCases.map(\.rawValue))
        let kind = OperationKind(rawValue: op)!
        let pattern = try self.pattern(for: kind)
        let (name, faultWord) = try reader.choice("fault", Self.faultNames)
        let fault = try faultArguments(name)
        guard fault.applies(to: kind) else {
            let kinds = OperationKind.allCases.filter { fault.applies(to: $0) }.map(\.rawValue)
            throw reader.error(
                faultWord,
                "fault '\(name)' does not apply to '\(op)' operations (applies to: \(kinds.joined(separator: ", ")))")
        }
        let occurrence = try self.occurrence(alternatives: name.hasPrefix("crash-") ? Self.crashKinds : [])
        try reader.finish()
        return .fault(FaultRule(kind: kind, path: pattern, occurrence: occurrence, fault: fault))
    }

    private mutating func faultArguments(_ name: String) throws(ScenarioError) -> Fault {
        switch name {
        case "missing": return .missing
        case "no-url": return .noURL
        case "wrong-type": return .wrongType
        case "disk-full": return .diskFull
        case "permission": return .permissionDenied
        case "io-error": return .ioError
        case "corrupt": return .corruptRead
        case "partial":
            reader.usage = "fault OP PATH partial N error|kill|power-loss [every | nth N | from N]"
            let bytes = try reader.wholeNumber()
            let (end, _) = try reader.choice("partial write end", ["error"] + Self.crashKinds)
            return .partialWrite(bytes: bytes, then: end == "error" ? .error : .crash(CrashKind(rawValue: end)!))
        default:
            var crash = CrashKind.kill
            if let word = reader.peek(), Self.crashKinds.contains(word.text) {
                crash = CrashKind(rawValue: word.text)!
                _ = try reader.next()
            }
            switch name {
            case "crash-before": return .crashBefore(crash)
            case "crash-after": return .crashAfter(crash)
            default: return .crashAfterFlush(crash)
            }
        }
    }

    /// `every`, `nth N`, `from N`, or nothing (the first matching operation).
    private mutating func occurrence(alternatives: [String]) throws(ScenarioError) -> FaultRule.Occurrence {
        guard let word = reader.peek() else { return .nth(1) }
        switch word.text {
        case "every":
            _ = try reader.next()
            return .every
        case "nth", "from":
            reader.usage = "fault OP PATH FAULT [ARGS] \(word.text) N"
            _ = try reader.next()
            let nWord = try reader.next()
            let n = try reader.wholeNumber(nWord)
            guard n >= 1 else { throw reader.error(nWord, "'\(word.text)' counts from 1, found '\(nWord.text)'") }
            return word.text == "nth" ? .nth(n) : .from(n)
        default:
            let before = reader.words[..<reader.index].map(\.text).joined(separator: " ")
            let hint = Suggestions.hint(word.text, ["every", "nth", "from"] + alternatives)
            throw reader.error(
                word,
                "unexpected '\(word.text)' after '\(before)'"
                    + (hint.isEmpty ? " (expected 'every', 'nth N' or 'from N')" : hint))
        }
    }
}
