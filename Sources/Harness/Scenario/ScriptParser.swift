import NamesToFaces
import Sandbox

/// Parses the script part of a scenario line by line, keeping every error.
struct ScriptParser {
    static let verbs = ["app", "launch", "background", "exit", "kill", "power-loss", "seed", "clock", "timezone",
                        "defaults", "file", "rm", "fault", "faults", "done", "rate", "tab", "item", "person", "expect"]
    static let conditions = ["edition:book", "edition:hardened", "!edition:book", "!edition:hardened"]

    let file: String
    private(set) var app: AppName?
    private(set) var appLine: Int?
    /// `app namestofaces codable`: which of the book's two people encodings runs.
    private(set) var peopleEncoding: PeopleEncoding?
    private(set) var header: [String] = []
    private(set) var steps: [Step] = []
    private(set) var errors: [ScenarioError] = []
    private(set) var references: [FixtureReference] = []
    private var sawStep = false

    init(file: String) { self.file = file }

    mutating func parseLine(_ line: String, number: Int) {
        let tokens: TokenizedLine
        do {
            tokens = try LineTokenizer.tokenize(line, file: file, number: number)
        } catch {
            errors.append(error)
            sawStep = true
            return
        }
        guard !tokens.words.isEmpty else {
            if !sawStep, let comment = tokens.comment { header.append(comment) }
            else if !sawStep, !header.isEmpty { header.append("") }
            return
        }
        let first = !sawStep
        sawStep = true
        do {
            try parseStep(tokens, number: number, first: first)
        } catch {
            errors.append(error)
        }
    }

    /// Ends the script: an empty one lacks its `app` line.
    mutating func finish() {
        while header.last == "" { header.removeLast() }
        if !sawStep { errors.append(ScenarioError(location(1, 1), "the first step must be 'app NAME'")) }
    }

    private func location(_ line: Int, _ column: Int) -> ScenarioLocation {
        ScenarioLocation(file: file, line: line, column: column)
    }

    private mutating func parseStep(_ tokens: TokenizedLine, number: Int, first: Bool) throws(ScenarioError) {
        var rest = tokens.words[...]
        var condition: Condition?
        if let word = rest.first, !word.quoted, word.text.hasPrefix("[") {
            condition = try parseCondition(word, line: number)
            rest = rest.dropFirst()
        }
        var negation: Word?
        if let word = rest.first, !word.quoted, word.text == "!" {
            negation = word
            rest = rest.dropFirst()
        }
        guard let verb = rest.first else {
            let last = tokens.words.last!
            throw ScenarioError(location(number, last.endColumn), "expected a step after '\(last.text)'")
        }
        if verb.text == "app" {
            let conditionWord = condition == nil ? nil : tokens.words[0]
            return try parseApp(Array(rest), line: number, first: first, condition: conditionWord, negation: negation)
        }
        if first { errors.append(ScenarioError(location(number, verb.column), "the first step must be 'app NAME'")) }
        try checkVerb(verb, line: number, negation: negation)
        var reader = CommandReader(file: file, line: number, app: app, words: Array(rest))
        let command: Command
        do {
            command = try reader.command(verb.text)
        } catch {
            references += reader.references
            throw error
        }
        references += reader.references
        let start = tokens.words[0].column
        steps.append(Step(location: location(number, start), text: tokens.code, condition: condition,
                          negated: negation != nil, command: command))
    }

    private func checkVerb(_ verb: Word, line: Int, negation: Word?) throws(ScenarioError) {
        let at = location(line, verb.column)
        if verb.text.hasPrefix("[") && negation != nil {
            throw ScenarioError(at, "a condition goes before '!': '\(verb.text) ! ...'")
        }
        guard Self.verbs.contains(verb.text) else {
            if verb.text.hasPrefix("!"), Self.verbs.contains(String(verb.text.dropFirst())) {
                throw ScenarioError(at, "'!' must be a separate word: '! \(verb.text.dropFirst())'")
            }
            throw ScenarioError(at, Suggestions.unknown("verb", verb.text, Self.verbs, list: false))
        }
        if let negation, verb.text != "expect" {
            throw ScenarioError(location(line, negation.column), "'!' negates expectations only")
        }
    }

    private func parseCondition(_ word: Word, line: Int) throws(ScenarioError) -> Condition {
        let at = location(line, word.column)
        guard word.text.count >= 2, word.text.hasSuffix("]") else {
            throw ScenarioError(at, "expected ']' to close the condition '\(word.text)'")
        }
        let inner = String(word.text.dropFirst().dropLast())
        guard Self.conditions.contains(inner) else {
            throw ScenarioError(at, Suggestions.unknown("condition", inner, Self.conditions))
        }
        let negated = inner.hasPrefix("!")
        return Condition(edition: Edition(rawValue: String(inner.split(separator: ":")[1]))!, negated: negated)
    }

    private mutating func parseApp(_ words: [Word], line: Int, first: Bool,
                                   condition: Word?, negation: Word?) throws(ScenarioError) {
        if let condition { throw ScenarioError(location(line, condition.column), "'app' cannot have a condition") }
        if let negation { throw ScenarioError(location(line, negation.column), "'!' negates expectations only") }
        var reader = CommandReader(file: file, line: line, app: nil, words: words)
        reader.usage = "app " + AppName.allCases.map(\.rawValue).joined(separator: "|")
        _ = try reader.next()
        let (name, _) = try reader.choice("app", AppName.allCases.map(\.rawValue))
        if name == AppName.namestofaces.rawValue, !reader.isAtEnd {
            reader.usage = "app namestofaces [nscoding|codable]"
            let (encoding, _) = try reader.choice("people encoding", PeopleEncoding.allCases.map(\.rawValue))
            peopleEncoding = PeopleEncoding(rawValue: encoding)
        }
        try reader.finish()
        if let appLine { throw reader.error(words[0], "duplicate 'app' (first at line \(appLine))") }
        app = AppName(rawValue: name)
        appLine = line
        if !first { throw reader.error(words[0], "'app' must be the first step") }
    }
}
