/// A use of a fixture by a step, checked once the fixtures are loaded.
struct FixtureReference: Sendable {
    var name: String
    var location: ScenarioLocation
    /// `defaults set KEY plist NAME`: the fixture must hold a property list.
    var needsPropertyList: Bool
}

/// Reads one step's words left to right, reporting each problem at the word it concerns.
struct CommandReader {
    let file: String
    let line: Int
    /// The scenario's app, when known: actions and checks of another app are errors.
    let app: AppName?
    /// The words from the verb on.
    let words: [Word]
    private(set) var index = 0
    /// What a missing word reports: `usage: <usage>`.
    var usage = ""
    private(set) var references: [FixtureReference] = []

    init(file: String, line: Int, app: AppName?, words: [Word]) {
        self.file = file
        self.line = line
        self.app = app
        self.words = words
    }

    func location(_ column: Int) -> ScenarioLocation { ScenarioLocation(file: file, line: line, column: column) }

    func error(_ word: Word, _ message: String) -> ScenarioError { ScenarioError(location(word.column), message) }

    func error(at column: Int, _ message: String) -> ScenarioError { ScenarioError(location(column), message) }

    var isAtEnd: Bool { index >= words.count }

    func peek() -> Word? { isAtEnd ? nil : words[index] }

    /// The usage error, reported just past the last word.
    func missing() -> ScenarioError { error(at: words.last?.endColumn ?? 1, "usage: \(usage)") }

    mutating func next() throws(ScenarioError) -> Word {
        guard let word = peek() else { throw missing() }
        index += 1
        return word
    }

    /// Every remaining word (possibly none).
    mutating func remaining() -> [Word] {
        defer { index = words.count }
        return Array(words[index...])
    }

    /// The remaining words joined by single spaces; at least one is required.
    mutating func rest() throws(ScenarioError) -> (text: String, first: Word) {
        let rest = remaining()
        guard let first = rest.first else { throw missing() }
        return (rest.map(\.text).joined(separator: " "), first)
    }

    /// Fails on a word left over after a complete command.
    func finish() throws(ScenarioError) {
        guard let extra = peek() else { return }
        let before = words[..<index].map(\.text).joined(separator: " ")
        throw error(extra, "unexpected '\(extra.text)' after '\(before)'")
    }

    /// The next word, which must be one of `choices`.
    mutating func choice(_ what: String, _ choices: [String], list: Bool = true) throws(ScenarioError) -> (String, Word) {
        let word = try next()
        guard choices.contains(word.text) else { throw error(word, Suggestions.unknown(what, word.text, choices, list: list)) }
        return (word.text, word)
    }

    /// The next word as a number of zero or more.
    mutating func wholeNumber() throws(ScenarioError) -> Int {
        try wholeNumber(next())
    }

    func wholeNumber(_ word: Word) throws(ScenarioError) -> Int {
        try value(of: word) { text throws(ValueProblem) in try Values.number(text, as: Int.self) }
    }

    /// The word read by `read`, whose problem is reported at the word.
    func value<T>(of word: Word, _ read: (String) throws(ValueProblem) -> T) throws(ScenarioError) -> T {
        do {
            return try read(word.text)
        } catch {
            throw self.error(word, error.message)
        }
    }

    mutating func reference(_ name: String, at word: Word, needsPropertyList: Bool = false) {
        references.append(FixtureReference(name: name, location: location(word.column), needsPropertyList: needsPropertyList))
    }

    /// Fails when `owner` is not the scenario's app: `'done' is a hiitfit action; this scenario is for checklists`.
    func requireApp(_ owner: AppName, _ word: Word, _ what: String, _ noun: String = "action") throws(ScenarioError) {
        guard let app, app != owner else { return }
        throw error(word, "'\(what)' is a \(owner.rawValue) \(noun); this scenario is for \(app.rawValue)")
    }

    /// The command `verb` starts; the words are read from the verb on.
    mutating func command(_ verb: String) throws(ScenarioError) -> Command {
        switch verb {
        case "launch": return try lifecycle(.launch, verb: verb)
        case "background": return try lifecycle(.background, verb: verb)
        case "exit": return try lifecycle(.exit, verb: verb)
        case "kill": return try lifecycle(.kill, verb: verb)
        case "power-loss": return try lifecycle(.powerLoss, verb: verb)
        case "seed": return try seed()
        case "clock": return try clock()
        case "timezone": return try timeZoneCommand()
        case "defaults": return try defaults()
        case "file": return try putFile()
        case "rm": return try removeFile()
        case "fault": return try fault()
        case "faults": return try faults()
        case "done": return try done()
        case "rate": return try rate()
        case "tab": return try tab()
        case "item": return try item()
        case "person": return try person()
        default: return try expect()
        }
    }
}
