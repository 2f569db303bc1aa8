import Foundation

/// A `harness` command shown in a fenced code block of a doc, with what the doc says it does.
struct DocExample: CustomStringConvertible {
    var document: String
    var line: Int
    /// The command as written, without its prompt, its trailing comment and line continuations.
    var command: String
    /// The exit status the doc implies: `exit status N` in its comment, else 1 when its shown output ends
    /// with `N passed, M failed` and M > 0, else 0.
    var status: Int32
    /// After a `$ ` prompt: the lines up to the next prompt, without `...` elisions.
    var shownOutput: [String]

    var description: String { "\(document):\(line): \(command)" }

    /// Every command in `text`'s fenced code blocks: a line that starts (after a `$ ` prompt, or YAML's
    /// `run:`) with `swift run` or `harness`.
    static func all(in text: String, document: String) -> [DocExample] {
        var examples: [DocExample] = []
        var statedStatus: [Int32?] = []
        var inBlock = false
        var pending: (text: String, line: Int)?
        var outputOwner: Int?
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            if raw.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inBlock.toggle()
                outputOwner = nil
                continue
            }
            guard inBlock else { continue }
            // A shell line continued with `\` is one command, at its first line.
            let line = pending.map { $0.text + " " + raw.trimmingCharacters(in: .whitespaces) } ?? raw
            let number = pending?.line ?? index + 1
            if line.hasSuffix("\\") {
                pending = (line.dropLast().trimmingCharacters(in: .whitespaces), number)
                continue
            }
            pending = nil
            var text = line.trimmingCharacters(in: .whitespaces)
            let prompted = text.hasPrefix("$ ")
            if prompted { text.removeFirst(2) }
            for prefix in ["- run: ", "run: "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
            guard ["swift run", "harness"].contains(where: { text == $0 || text.hasPrefix($0 + " ") }) else {
                if prompted {
                    outputOwner = nil
                } else if let owner = outputOwner, line != "..." {
                    examples[owner].shownOutput.append(line)
                }
                continue
            }
            let (command, comment) = ShellWords.splitComment(text)
            let stated = comment.range(of: #"exit status \d"#, options: .regularExpression).map {
                Int32(String(comment[$0].last!))!
            }
            examples.append(DocExample(document: document, line: number, command: command, status: 0, shownOutput: []))
            statedStatus.append(stated)
            outputOwner = prompted ? examples.count - 1 : nil
        }
        for index in examples.indices {
            examples[index].status = statedStatus[index] ?? examples[index].statusOfShownTotals ?? 0
        }
        return examples
    }

    /// From a shown last line `N passed, M failed`: 1 when M > 0, else 0.
    private var statusOfShownTotals: Int32? {
        guard let words = shownOutput.last?.split(separator: " "), words.count == 4, words[1] == "passed,",
            words[3] == "failed", let failed = Int(words[2])
        else { return nil }
        return failed > 0 ? 1 : 0
    }
}

/// The little of a shell the docs' commands use: words, quotes, a trailing comment and `> FILE`.
enum ShellWords {
    /// The command and its trailing comment (`# …` after white space, outside quotes).
    static func splitComment(_ line: String) -> (command: String, comment: String) {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#" && previous == " " {
                return (line[..<index].trimmingCharacters(in: .whitespaces), String(line[line.index(after: index)...]))
            }
            previous = character
        }
        return (line.trimmingCharacters(in: .whitespaces), "")
    }

    /// The words of `command` and the file its output goes to (`> FILE` at the end); nil when it uses shell
    /// features beyond those: pipes, `&&`, variables, patterns the shell would expand, continuations.
    static func parse(_ command: String) -> (words: [String], output: String?)? {
        var words: [String] = []
        var word: String?
        var quote: Character?
        var redirect: Int?
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word = (word ?? "") + String(character) }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                word = word ?? ""
            case " ", ">":
                if let finished = word { words.append(finished) }
                word = nil
                if character == ">" {
                    guard redirect == nil else { return nil }
                    redirect = words.count
                }
            case _ where "|&;<$`*?(){}[]\\#~".contains(character):
                return nil
            default:
                word = (word ?? "") + String(character)
            }
        }
        guard quote == nil else { return nil }
        if let finished = word { words.append(finished) }
        guard let redirect else { return (words, nil) }
        guard redirect == words.count - 1, redirect > 0 else { return nil }
        return (Array(words[..<redirect]), words[redirect])
    }
}
