import Foundation

/// Rewrites a scenario's `expect` lines from what the app showed, line by line, leaving every other
/// line (comments, blank lines, fixtures) as it was.
struct ExpectationRewriter {
    let scenario: Scenario
    /// The file's lines, without their newlines.
    private(set) var lines: [String]

    init(scenario: Scenario, text: String) {
        self.scenario = scenario
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    var text: String { lines.joined(separator: "\n") + "\n" }

    /// Record mode: the expectations after the last other step are replaced by `shown`, written
    /// right after that step. Returns how many lines were written.
    mutating func record(_ shown: [String]) -> Int {
        let steps = scenario.steps
        let lastAction = steps.lastIndex { !Self.isExpectation($0) }
        let trailing = steps.indices.filter { index in lastAction.map { index > $0 } ?? true }
        let anchor = lastAction.map { steps[$0].location.line } ?? 0
        for index in trailing.reversed() { lines.remove(at: steps[index].location.line - 1) }
        lines.insert(contentsOf: shown, at: anchor)
        return shown.count
    }

    /// Update mode: each expectation that did not hold is replaced by the lines that held then for
    /// the same check, in its place; those that held stay. Returns the lines changed and the
    /// expectations it cannot rewrite (a negated one, or a check the app's observations do not give).
    mutating func update(_ judged: [ObservedRun.Judged]) -> (changed: Int, stuck: [Step]) {
        var replacements: [Int: [String]] = [:]
        var stuck: [Step] = []
        for block in Self.blocks(judged) where block.contains(where: { !$0.holds }) {
            let shown = block.first?.shown ?? []
            let held = Set(block.filter(\.holds).map { scenario.steps[$0.step].text })
            for key in Self.orderedKeys(block.filter { !$0.holds }.map { scenario.steps[$0.step] }) {
                let failing = block.filter { !$0.holds && Self.key(scenario.steps[$0.step].text) == key }
                let fresh = shown.filter { Self.key($0) == key && !held.contains($0) }
                guard !fresh.isEmpty || shown.contains(where: { Self.key($0) == key }),
                    !failing.contains(where: { scenario.steps[$0.step].negated })
                else {
                    stuck += failing.map { scenario.steps[$0.step] }
                    continue
                }
                for (offset, item) in failing.enumerated() {
                    let step = scenario.steps[item.step]
                    let isLast = offset == failing.count - 1
                    let texts = isLast ? Array(fresh.dropFirst(offset)) : (offset < fresh.count ? [fresh[offset]] : [])
                    replacements[step.location.line] = texts.map { rewritten(step, as: $0) }
                }
            }
        }
        var changed = 0
        for (line, texts) in replacements.sorted(by: { $0.key > $1.key }) {
            changed += max(texts.count, 1)
            lines.replaceSubrange((line - 1)...(line - 1), with: texts)
        }
        return (changed, stuck)
    }

    /// The step's line with `text` in place of the step, keeping its indentation and trailing comment.
    private func rewritten(_ step: Step, as text: String) -> String {
        let line = lines[step.location.line - 1]
        guard let range = line.range(of: step.text) else { return text }
        return String(line[..<range.lowerBound]) + text + String(line[range.upperBound...])
    }

    /// An `expect` line about what the app shows: `expect verdict` is about the run, and stays.
    private static func isExpectation(_ step: Step) -> Bool {
        if case .expect(let expectation) = step.command, !expectation.isVerdict { return true }
        return false
    }

    /// Runs of expectations with no other step between them: each is judged against one moment.
    private static func blocks(_ judged: [ObservedRun.Judged]) -> [[ObservedRun.Judged]] {
        var blocks: [[ObservedRun.Judged]] = []
        for item in judged {
            if let last = blocks.last?.last, last.step == item.step - 1 {
                blocks[blocks.count - 1].append(item)
            } else {
                blocks.append([item])
            }
        }
        return blocks
    }

    /// The check an `expect` line makes: `history` for `expect history days 2`, `items` for `expect items: A`.
    static func key(_ line: String) -> String {
        let words = line.split(separator: " ")
        guard let at = words.firstIndex(of: "expect"), at + 1 < words.count else { return "" }
        let word = words[at + 1]
        return word.hasSuffix(":") ? String(word.dropLast()) : String(word)
    }

    private static func orderedKeys(_ steps: [Step]) -> [String] {
        var keys: [String] = []
        for step in steps where !keys.contains(key(step.text)) { keys.append(key(step.text)) }
        return keys
    }
}
