/// Reads one step's words left to right, reporting each problem at the word it concerns.
///
/// Plug-ins read their actions' and checks' words with it: `next()`, `rest()`, `wholeNumber()`,
/// `choice(_:_:)` and `list(_:)` report a missing word as `usage: <usage>` just past the last word,
/// and every other mistake at the word itself.
public struct CommandReader {
    let file: String
    let line: Int
    /// The words from the verb on.
    let words: [Word]
    private(set) var index = 0
    /// What a missing word reports: `usage: <usage>`.
    public var usage = ""

    init(file: String, line: Int, words: [Word]) {
        self.file = file
        self.line = line
        self.words = words
    }

    func location(_ column: Int) -> ScenarioLocation { ScenarioLocation(file: file, line: line, column: column) }

    /// An error at `word`.
    public func error(_ word: Word, _ message: String) -> ScenarioError {
        ScenarioError(location(word.column), message)
    }

    /// An error at a column of the line.
    public func error(at column: Int, _ message: String) -> ScenarioError { ScenarioError(location(column), message) }

    /// Whether every word has been read.
    public var isAtEnd: Bool { index >= words.count }

    /// The next word, not read yet.
    public func peek() -> Word? { isAtEnd ? nil : words[index] }

    /// The usage error, reported just past the last word.
    public func missing() -> ScenarioError { error(at: words.last?.endColumn ?? 1, "usage: \(usage)") }

    /// The next word; a missing one is the usage error.
    public mutating func next() throws(ScenarioError) -> Word {
        guard let word = peek() else { throw missing() }
        index += 1
        return word
    }

    /// Every remaining word (possibly none).
    public mutating func remaining() -> [Word] {
        defer { index = words.count }
        return Array(words[index...])
    }

    /// The remaining words joined by single spaces; at least one is required.
    public mutating func rest() throws(ScenarioError) -> (text: String, first: Word) {
        let rest = remaining()
        guard let first = rest.first else { throw missing() }
        return (rest.map(\.text).joined(separator: " "), first)
    }

    /// Fails on a word left over after a complete command.
    public func finish() throws(ScenarioError) {
        guard let extra = peek() else { return }
        let before = words[..<index].map(\.text).joined(separator: " ")
        throw error(extra, "unexpected '\(extra.text)' after '\(before)'")
    }

    /// The next word, which must be one of `choices` (`what` names them in the error, with a suggestion,
    /// and with the list of choices when `list` is set and none is close).
    public mutating func choice(
        _ what: String, _ choices: [String],
        list: Bool = true
    ) throws(ScenarioError) -> (String, Word) {
        let word = try next()
        guard choices.contains(word.text) else {
            throw error(word, Suggestions.unknown(what, word.text, choices, list: list))
        }
        return (word.text, word)
    }

    /// The next word as a number of zero or more.
    public mutating func wholeNumber() throws(ScenarioError) -> Int {
        try wholeNumber(next())
    }

    /// `word` as a number of zero or more.
    public func wholeNumber(_ word: Word) throws(ScenarioError) -> Int {
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

    /// `empty` and the end of the line: what a list check written without its colon must say
    /// (`expect items empty`, where `expect items: A, B` lists the entries).
    public mutating func empty(after name: String) throws(ScenarioError) {
        let word = try next()
        guard word.text == "empty" else {
            throw error(word, "expected 'empty' or a colon right after '\(name)', found '\(word.text)'")
        }
        try finish()
    }
}
