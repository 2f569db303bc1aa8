import Sandbox

/// Parses the script part of a scenario line by line, keeping every error.
struct ScriptParser {
    let file: String
    let plugins: PluginRegistry
    /// The app the `app` line named.
    private(set) var plugin: AppPlugin?
    private(set) var appLine: Int?
    /// `app NAME VARIANT`: the variant named.
    private(set) var variant: String?
    private(set) var header: [String] = []
    private(set) var steps: [Step] = []
    private(set) var errors: [ScenarioError] = []
    private(set) var references: [FixtureReference] = []
    private var sawStep = false

    init(file: String, plugins: PluginRegistry) {
        self.file = file
        self.plugins = plugins
    }

    /// Every verb, the plug-ins' actions among them (for suggestions).
    private var verbs: [String] {
        var verbs = CoreVocabulary.verbs
        for plugin in plugins.plugins {
            verbs += plugin.actions.map(\.verb).filter { !verbs.contains($0) }
        }
        return verbs
    }

    /// `edition:NAME` and `!edition:NAME` for the editions of the scenario's app (of every app before one is known).
    private var conditions: [String] {
        let editions = plugin.map { $0.editions.map(\.name) } ?? plugins.editionNames
        return editions.map { "edition:\($0)" } + editions.map { "!edition:\($0)" }
    }

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
            if !sawStep, let comment = tokens.comment {
                header.append(comment)
            } else if !sawStep, !header.isEmpty {
                header.append("")
            }
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
        var step = StepReader(file: file, line: number, plugins: plugins, app: plugin, words: Array(rest))
        let command: Command
        do {
            command = try step.command(verb.text)
        } catch {
            references += step.references
            throw error
        }
        references += step.references
        let start = tokens.words[0].column
        steps.append(
            Step(
                location: location(number, start), text: tokens.code, condition: condition,
                negated: negation != nil, command: command))
    }

    private func checkVerb(_ verb: Word, line: Int, negation: Word?) throws(ScenarioError) {
        let at = location(line, verb.column)
        if verb.text.hasPrefix("[") && negation != nil {
            throw ScenarioError(at, "a condition goes before '!': '\(verb.text) ! ...'")
        }
        let verbs = self.verbs
        guard verbs.contains(verb.text) else {
            if verb.text.hasPrefix("!"), verbs.contains(String(verb.text.dropFirst())) {
                throw ScenarioError(at, "'!' must be a separate word: '! \(verb.text.dropFirst())'")
            }
            throw ScenarioError(at, Suggestions.unknown("verb", verb.text, verbs, list: false))
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
        let conditions = self.conditions
        guard conditions.contains(inner) else {
            throw ScenarioError(at, Suggestions.unknown("condition", inner, conditions))
        }
        let negated = inner.hasPrefix("!")
        return Condition(edition: String(inner.split(separator: ":", maxSplits: 1)[1]), negated: negated)
    }

    private mutating func parseApp(
        _ words: [Word], line: Int, first: Bool,
        condition: Word?, negation: Word?
    ) throws(ScenarioError) {
        if let condition { throw ScenarioError(location(line, condition.column), "'app' cannot have a condition") }
        if let negation { throw ScenarioError(location(line, negation.column), "'!' negates expectations only") }
        var reader = CommandReader(file: file, line: line, words: words)
        let names = plugins.plugins.map(\.name)
        reader.usage = "app " + names.joined(separator: "|")
        _ = try reader.next()
        let (name, _) = try reader.choice("app", names)
        let named = plugins.plugin(named: name)!
        var variant: String?
        if !named.variants.isEmpty, !reader.isAtEnd {
            reader.usage = "app \(name) [\(named.variants.joined(separator: "|"))]"
            variant = try reader.choice("\(name) variant", named.variants).0
        }
        try reader.finish()
        if let appLine { throw reader.error(words[0], "duplicate 'app' (first at line \(appLine))") }
        plugin = named
        self.variant = variant
        appLine = line
        if !first { throw reader.error(words[0], "'app' must be the first step") }
    }
}
