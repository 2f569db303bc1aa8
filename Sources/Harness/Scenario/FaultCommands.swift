import Sandbox

/// `fault OP PATH FAULT [ARGS] [every | nth N | from N]`, its FAULT and ARGS read against `FaultWord.all`.
extension StepReader {
    mutating func fault() throws(ScenarioError) -> Command {
        reader.usage = "fault OP PATH FAULT [ARGS] \(FaultSyntax.occurrenceUsage)"
        _ = try reader.next()
        let (op, _) = try reader.choice("operation", OperationKind.allCases.map(\.rawValue))
        let kind = OperationKind(rawValue: op)!
        let pattern = try self.pattern(for: kind)
        let (name, nameWord) = try reader.choice("fault", FaultWord.all.map(\.name))
        let word = FaultWord.named(name)!
        let arguments = try faultArguments(of: word)
        guard word.operations.contains(kind) else {
            throw reader.error(
                nameWord,
                "fault '\(name)' does not apply to '\(op)' operations (applies to: \(FaultSyntax.operations(of: word)))"
            )
        }
        let optional = word.arguments.flatMap { argument -> [String] in
            if case .optionalChoice(let choices) = argument { choices } else { [] }
        }
        let occurrence = try self.occurrence(alternatives: optional)
        try reader.finish()
        // Each argument word was read as `word.arguments` says, so the words spell a fault.
        return .fault(FaultRule(kind: kind, path: pattern, occurrence: occurrence, fault: word.fault(arguments)!))
    }

    /// The words after the fault's name, one an argument: an optional one left out is its first choice.
    private mutating func faultArguments(of word: FaultWord) throws(ScenarioError) -> [String] {
        reader.usage = "fault OP PATH \(word.usage) \(FaultSyntax.occurrenceUsage)"
        var words: [String] = []
        for argument in word.arguments {
            switch argument {
            case .number: words.append(String(try reader.wholeNumber()))
            case .choice(let what, let choices): words.append(try reader.choice(what, choices).0)
            case .optionalChoice(let choices):
                if let given = reader.peek(), choices.contains(given.text) {
                    words.append(try reader.next().text)
                } else {
                    words.append(choices[0])
                }
            }
        }
        return words
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
            guard let occurrence = FaultSyntax.occurrence(word.text, count: n) else {
                throw reader.error(nWord, "'\(word.text)' counts from 1, found '\(nWord.text)'")
            }
            return occurrence
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

/// Fault rules written back as scenario text, from `FaultWord.all` as the parser reads them.
enum FaultSyntax {
    static let occurrenceUsage = "[every | nth N | from N]"

    /// `fault write Documents/history.plist partial 12 kill nth 2`: the line that arms `rule` (`nth 1`
    /// left out, `from 1` written `every`, which selects the same operations).
    static func line(for rule: FaultRule) -> String {
        var words = ["fault", rule.kind.rawValue, ScenarioWord.written(rule.path.text) ?? rule.path.text]
        words += rule.fault.words
        switch rule.occurrence {
        case .nth(1): break
        case .from(1): words.append("every")
        default: words += Self.words(of: rule.occurrence)
        }
        return words.joined(separator: " ")
    }

    /// `nth 2`, `from 3`, `every`: the occurrence in full.
    static func words(of occurrence: FaultRule.Occurrence) -> [String] {
        switch occurrence {
        case .nth(let n): ["nth", String(n)]
        case .from(let n): ["from", String(n)]
        case .every: ["every"]
        }
    }

    /// The occurrence `keyword` and its count spell; nil when they spell none.
    static func occurrence(_ keyword: some StringProtocol, count: Int?) -> FaultRule.Occurrence? {
        switch (String(keyword), count) {
        case ("every", nil): .every
        case ("nth", let n?) where n >= 1: .nth(n)
        case ("from", let n?) where n >= 1: .from(n)
        default: nil
        }
    }

    /// The fault matrix's column: the fault without its byte count, plus "persistent" for every/from.
    static func column(of fault: Fault, occurrence: FaultRule.Occurrence) -> String {
        if case .nth = occurrence { return fault.summary }
        return fault.summary + " (persistent)"
    }

    /// The operations `word` applies to, as an error lists them: `read, get`.
    static func operations(of word: FaultWord) -> String {
        OperationKind.allCases.filter(word.operations.contains).map(\.rawValue).joined(separator: ", ")
    }

    /// The operations `word` applies to, as the help and the language reference say it: `every operation but now`.
    static func appliesTo(_ word: FaultWord) -> String {
        word.operations == Set(OperationKind.allCases).subtracting([.now])
            ? "every operation but now" : operations(of: word)
    }
}
