import Foundation

/// A worker's message as a line: `step 3`, `operation <text>`, `result <the run as JSON>`, `judged dataLoss 1
/// <trace hash>` (then both runs' records as JSON when the job keeps them), `invalid <text>`, `retiring`,
/// `hello 4242`. A text is escaped into one word (see `WireWords`). The verdict, sent for every explored
/// schedule, is a few words; a whole run, sent once a scenario, stays JSON.
extension WorkerMessage {
    /// The line, without its newline; nil when the run in it cannot be encoded.
    var line: String? {
        switch self {
        case .step(let index): return "step \(index)"
        case .operation(let text): return "operation " + WireWords.escaped(text)
        case .result(let result):
            return (try? JSONEncoder().encode(result)).map { "result " + String(decoding: $0, as: UTF8.self) }
        case .judged(let run):
            let verdict =
                "judged \(run.outcome.rawValue) \(run.injected ? 1 : 0) \(WireWords.escaped(run.traceHash)) "
                + WireWords.optional(run.message)
            guard let facts = run.reproduction else { return verdict }
            return (try? JSONEncoder().encode(facts)).map { verdict + " " + String(decoding: $0, as: UTF8.self) }
        case .invalid(let text): return "invalid " + WireWords.escaped(text)
        case .retiring: return "retiring"
        case .hello(let process): return "hello \(process)"
        }
    }

    /// Reads a line `line` wrote; nil when it is not one (a worker out of step, or a truncated line).
    init?(line: String) {
        let space = line.firstIndex(of: " ")
        let rest = space.map { line[line.index(after: $0)...] }
        switch (line[..<(space ?? line.endIndex)], rest) {
        case ("step", let rest?):
            guard let index = Int(rest) else { return nil }
            self = .step(index)
        case ("operation", let rest?):
            guard let text = WireWords.unescaped(rest) else { return nil }
            self = .operation(text)
        case ("result", let rest?):
            guard let result = try? JSONDecoder().decode(RunResult.self, from: Data(rest.utf8)) else { return nil }
            self = .result(result)
        case ("judged", let rest?):
            guard let run = Self.judged(rest) else { return nil }
            self = .judged(run)
        case ("invalid", let rest?):
            guard let text = WireWords.unescaped(rest) else { return nil }
            self = .invalid(text)
        case ("retiring", nil): self = .retiring
        case ("hello", let rest?):
            guard let process = Int32(rest) else { return nil }
            self = .hello(process)
        default: return nil
        }
    }

    private static func judged(_ text: Substring) -> JudgedRun? {
        let words = text.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
        var message = WireWords(words.count > 3 ? words[3] : "")
        guard words.count >= 4, let outcome = OutcomeClass(rawValue: String(words[0])),
            words[1] == "0" || words[1] == "1", let traceHash = WireWords.unescaped(words[2]),
            case .some(let text) = message.optionalText()
        else { return nil }
        var run = JudgedRun(outcome: outcome, injected: words[1] == "1", traceHash: traceHash, message: text)
        if words.count == 5 {
            guard let facts = try? JSONDecoder().decode(ReproductionFacts.self, from: Data(words[4].utf8)) else {
                return nil
            }
            run.reproduction = facts
        }
        return run
    }
}
