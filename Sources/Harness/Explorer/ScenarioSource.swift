import Foundation

/// A scenario's text, cut and extended line by line: for shrinking and reproductions.
struct ScenarioSource {
    let scenario: Scenario
    let lines: [String]

    init(scenario: Scenario, text: String) {
        self.scenario = scenario
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    /// The line (1-based) of the `app` step.
    var appLine: Int {
        let index = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("app ") } ?? 0
        return index + 1
    }

    /// Where the fixtures start (1-based), or past the end.
    var fixturesLine: Int { scenario.fixtures.map(\.location.line).min() ?? lines.count + 1 }

    /// Steps that shrinking may remove: everything but fixture placement, values from fixtures and the seed.
    func isRemovable(_ index: Int) -> Bool {
        switch scenario.steps[index].command {
        case .putFile, .seed: return false
        case .setDefault(_, .fixture): return false
        default: return true
        }
    }

    /// The scenario with only the steps in `keep` (indexes) and the fixtures they use, `header` comments first,
    /// `prelude` right after the `app` line and `ending` after the last step, which uses the fixtures `endingUses`.
    func text(
        keeping keep: Set<Int>, header: [String] = [], prelude: [String] = [], ending: [String] = [],
        endingUses: Set<String> = []
    ) -> String {
        let stepLines = Dictionary(
            scenario.steps.indices.map { (scenario.steps[$0].location.line, $0) }, uniquingKeysWith: { a, _ in a })
        var output = header.map { "# " + $0 }
        for number in 1..<fixturesLine {
            let line = lines[number - 1]
            if number < appLine {
                if header.isEmpty { output.append(line) }
                continue
            }
            if number == appLine {
                output.append(line)
                output += prelude
                continue
            }
            if let step = stepLines[number] {
                if keep.contains(step) { output.append(line) }
            } else if !line.trimmingCharacters(in: .whitespaces).hasPrefix("#")
                && !line.trimmingCharacters(in: .whitespaces).isEmpty
            {
                output.append(line)
            }
        }
        output += ending
        let keptLines = Set(keep.map { scenario.steps[$0].location.line })
        let fixtures = scenario.fixtures.sorted { $0.location.line < $1.location.line }
        for (index, fixture) in fixtures.enumerated() {
            let usedByKeptSteps = !(scenario.fixtureUses[fixture.name] ?? []).isDisjoint(with: keptLines)
            guard usedByKeptSteps || endingUses.contains(fixture.name) else { continue }
            // A fixture runs from its header to the next one's.
            let end = index + 1 < fixtures.count ? fixtures[index + 1].location.line - 1 : lines.count
            output += lines[(fixture.location.line - 1)..<end]
        }
        return output.joined(separator: "\n") + "\n"
    }
}
