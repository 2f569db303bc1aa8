/// `expect CHECK ...`: what the user would see.
extension StepReader {
    mutating func expect() throws(ScenarioError) -> Command {
        let appChecks = (app.map { [$0] } ?? plugins.plugins).flatMap { $0.checks.map(\.name) }
            .filter { !$0.hasSuffix(":") }
        reader.usage =
            "expect CHECK, where CHECK is one of: "
            + (CoreVocabulary.checks.prefix(4) + appChecks + CoreVocabulary.checks.dropFirst(4)).joined(separator: ", ")
        _ = try reader.next()
        let kindWord = try reader.next()
        let kind = kindWord.text
        if CoreVocabulary.checks.contains(kind) { return .expect(try expectation(kind)) }
        let owners = plugins.owners(ofCheck: kind)
        guard !owners.isEmpty else {
            let all =
                CoreVocabulary.checks + plugins.plugins.flatMap { $0.checks.map(\.name) }.filter { !$0.hasSuffix(":") }
            throw reader.error(kindWord, Suggestions.unknown("expectation", kind, all))
        }
        let owner = owner(among: owners)
        try requireApp(owner, kindWord, "expect \(kind.hasSuffix(":") ? String(kind.dropLast()) : kind)", "expectation")
        let declaration = owner.checks.first { $0.name == kind }!
        reader.usage = declaration.usage
        return .expect(.app(try declaration.parse(&reader)))
    }

    private mutating func expectation(_ kind: String) throws(ScenarioError) -> Expectation {
        switch kind {
        case "crashed":
            reader.usage = "expect crashed"
            try reader.finish()
            return .crashed
        case "trapped":
            return .trapped(optionalText())
        case "alert":
            return .alert(optionalText())
        case "printed":
            reader.usage = "expect printed TEXT"
            return .printed(try reader.rest().text)
        case "ids":
            return try idsKept()
        case "verdict":
            reader.usage =
                "expect verdict CLASS, where CLASS is one of: "
                + OutcomeClass.allCases.map(\.rawValue).joined(separator: ", ")
            let word = try reader.next()
            guard let verdict = OutcomeClass(rawValue: word.text) else {
                throw reader.error(
                    word, Suggestions.unknown("verdict", word.text, OutcomeClass.allCases.map(\.rawValue)))
            }
            try reader.finish()
            return .verdict(verdict)
        default:
            return try storageExpectation(kind)
        }
    }

    /// `expect ids kept`: only for an app that shows ids (an observation compared as `.identities`).
    private mutating func idsKept() throws(ScenarioError) -> Expectation {
        reader.usage = "expect ids kept"
        _ = try reader.choice("ids check", ["kept"])
        try reader.finish()
        if let app, !app.observations.contains(where: \.showsIdentities) {
            throw reader.error(
                reader.words[1], "\(app.name) shows no ids: none of its observations is compared as identities")
        }
        return .idsKept
    }

    private mutating func optionalText() -> String? {
        let words = reader.remaining()
        return words.isEmpty ? nil : words.map(\.text).joined(separator: " ")
    }
}
