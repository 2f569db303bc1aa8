/// One word of a script line and where it is.
public struct Word: Sendable, Hashable {
    /// The word's text, quotes and escapes removed.
    public var text: String
    /// The 1-based column of its first character (the opening quote of a quoted word).
    public var column: Int
    /// The column just past the word as written.
    public var endColumn: Int
    /// Whether it was written in quotes (a quoted word is never a keyword or a separator).
    public var quoted: Bool
}

/// A script line split into words, its comment set apart.
struct TokenizedLine: Sendable {
    var words: [Word]
    /// The line without its comment, trimmed.
    var code: String
    /// The text after `#` (one space after it dropped), when the line has a comment.
    var comment: String?
}

/// Splits script lines into words: blanks separate words, `"..."` quotes one, `#` after a blank starts a comment.
enum LineTokenizer {
    static func tokenize(_ line: String, file: String, number: Int) throws(ScenarioError) -> TokenizedLine {
        let chars = Array(line)
        var words: [Word] = []
        var commentStart: Int?
        var i = 0
        func fail(_ index: Int, _ message: String) -> ScenarioError {
            ScenarioError(ScenarioLocation(file: file, line: number, column: index + 1), message)
        }
        while i < chars.count {
            let c = chars[i]
            if isBlank(c) {
                i += 1
                continue
            }
            if c == "#" {
                commentStart = i
                break
            }
            let start = i
            guard c == "\"" else {
                while i < chars.count, !isBlank(chars[i]) { i += 1 }
                words.append(Word(text: String(chars[start..<i]), column: start + 1, endColumn: i + 1, quoted: false))
                continue
            }
            var text = ""
            var closed = false
            i += 1
            while i < chars.count {
                let d = chars[i]
                if d == "\"" {
                    closed = true
                    i += 1
                    break
                }
                if d == "\\" && i + 1 < chars.count {
                    let escaped = chars[i + 1]
                    guard escaped == "\"" || escaped == "\\" else {
                        throw fail(i, "unknown escape '\\\(escaped)' in a quoted word (only \\\" and \\\\ are allowed)")
                    }
                    text.append(escaped)
                    i += 2
                    continue
                }
                text.append(d)
                i += 1
            }
            guard closed else { throw fail(start, "unterminated quote") }
            if i < chars.count, !isBlank(chars[i]) { throw fail(i, "expected a space after the closing quote") }
            words.append(Word(text: text, column: start + 1, endColumn: i + 1, quoted: true))
        }
        let codeEnd = commentStart ?? chars.count
        let code = String(chars[..<codeEnd]).trimmingBlanks()
        var comment: String?
        if let commentStart {
            var rest = chars[(commentStart + 1)...]
            if rest.first == " " { rest = rest.dropFirst() }
            comment = String(rest)
        }
        return TokenizedLine(words: words, code: code, comment: comment)
    }

    static func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String {
        let chars = Array(self)
        guard let first = chars.firstIndex(where: { !LineTokenizer.isBlank($0) }),
            let last = chars.lastIndex(where: { !LineTokenizer.isBlank($0) })
        else { return "" }
        return String(chars[first...last])
    }
}
