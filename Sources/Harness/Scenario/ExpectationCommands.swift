/// `expect CHECK ...`: what the user would see.
extension CommandReader {
    /// The checks of the language itself; plug-ins add their own.
    static let coreChecks = [
        "crashed", "trapped", "alert", "printed", "file", "files", "kept", "defaults",
        "persisted", "ops", "plist", "ids", "verdict",
    ]

    mutating func expect() throws(ScenarioError) -> Command {
        let appChecks = (app.map { [$0] } ?? plugins.plugins).flatMap { $0.checks.map(\.name) }
            .filter { !$0.hasSuffix(":") }
        usage =
            "expect CHECK, where CHECK is one of: "
            + (Self.coreChecks.prefix(4) + appChecks + Self.coreChecks.dropFirst(4)).joined(separator: ", ")
        _ = try next()
        let kindWord = try next()
        let kind = kindWord.text
        if Self.coreChecks.contains(kind) { return .expect(try expectation(kind)) }
        let owners = plugins.owners(ofCheck: kind)
        guard !owners.isEmpty else {
            let all = Self.coreChecks + plugins.plugins.flatMap { $0.checks.map(\.name) }.filter { !$0.hasSuffix(":") }
            throw error(kindWord, Suggestions.unknown("expectation", kind, all))
        }
        let owner = owner(among: owners)
        try requireApp(owner, kindWord, "expect \(kind.hasSuffix(":") ? String(kind.dropLast()) : kind)", "expectation")
        let declaration = owner.checks.first { $0.name == kind }!
        usage = declaration.usage
        return .expect(.app(try declaration.parse(&self)))
    }

    private mutating func expectation(_ kind: String) throws(ScenarioError) -> Expectation {
        switch kind {
        case "crashed":
            usage = "expect crashed"
            try finish()
            return .crashed
        case "trapped":
            return .trapped(optionalText())
        case "alert":
            return .alert(optionalText())
        case "printed":
            usage = "expect printed TEXT"
            return .printed(try rest().text)
        case "ids":
            return try idsKept()
        case "verdict":
            usage = "expect verdict CLASS, where CLASS is one of: "
                + OutcomeClass.allCases.map(\.rawValue).joined(separator: ", ")
            let word = try next()
            guard let verdict = OutcomeClass(rawValue: word.text) else {
                throw error(word, Suggestions.unknown("verdict", word.text, OutcomeClass.allCases.map(\.rawValue)))
            }
            try finish()
            return .verdict(verdict)
        default:
            return try storageExpectation(kind)
        }
    }

    /// `expect ids kept`: only for an app that shows ids (an observation compared as `.identities`).
    private mutating func idsKept() throws(ScenarioError) -> Expectation {
        usage = "expect ids kept"
        _ = try choice("ids check", ["kept"])
        try finish()
        if let app, !app.observations.contains(where: \.showsIdentities) {
            throw error(words[1], "\(app.name) shows no ids: none of its observations is compared as identities")
        }
        return .idsKept
    }

    private mutating func optionalText() -> String? {
        let words = remaining()
        return words.isEmpty ? nil : words.map(\.text).joined(separator: " ")
    }
}
