import Foundation

/// `Scenarios/known-failures`: which scenarios each edition is known to fail, and why, kept apart from
/// the scenarios, which say only what a correct app must do.
struct KnownFailures {
    /// One line: `EDITION SCENARIO REASON`.
    struct Entry: Hashable {
        var edition: String
        /// The scenario's path under Scenarios/: `hiitfit/corrupt-read-once.scenario`.
        var scenario: String
        var reason: String
        var line: Int
    }

    var entries: [Entry] = []
    /// Lines that are not entries, as `known-failures:LINE: what is wrong`.
    var problems: [String] = []

    /// Reads the record; `scenarios` and `editions` are what its lines may name.
    init(_ text: String, scenarios: Set<String>, editions: Set<String>) {
        var seen: [String: Int] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).map(String.init)
            func problem(_ message: String) { problems.append("known-failures:\(number): \(message)") }
            guard words.count == 3 else {
                problem("expected 'EDITION SCENARIO REASON'")
                continue
            }
            let entry = Entry(
                edition: words[0], scenario: words[1],
                reason: words[2].trimmingCharacters(in: .whitespaces), line: number)
            if !editions.contains(entry.edition) { problem("no edition named '\(entry.edition)'") }
            if !scenarios.contains(entry.scenario) { problem("no scenario Scenarios/\(entry.scenario)") }
            let key = entry.edition + " " + entry.scenario
            if let first = seen[key] { problem("'\(key)' is listed twice (first at line \(first))") }
            seen[key] = seen[key] ?? number
            entries.append(entry)
        }
    }

    /// Why `edition` is known to fail `scenario`, or nil when it must pass.
    func reason(_ edition: String, _ scenario: String) -> String? {
        entries.first { $0.edition == edition && $0.scenario == scenario }?.reason
    }
}
