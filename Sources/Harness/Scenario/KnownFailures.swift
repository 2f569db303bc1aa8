import Foundation

/// Which scenarios each edition is known to fail, and why: kept apart from the scenarios, which say
/// only what a correct app must do. One line per edition and scenario, `EDITION SCENARIO REASON`
/// (the scenario's path in its folder, then the reason to the end of the line); `#` starts a comment line.
///
/// ```
/// # My port keeps no ids across launches yet.
/// reader hiitfit/ids-kept-across-relaunch.scenario stored ids are dropped: every load gives each day a new id
/// ```
public struct KnownFailures: Sendable {
    /// One line of the record.
    public struct Entry: Sendable, Hashable {
        public var edition: String
        /// The scenario's path in the scenario folder: `hiitfit/corrupt-read-once.scenario`.
        public var scenario: String
        /// Why the edition fails it.
        public var reason: String
        /// The line, at its first word.
        public var location: ScenarioLocation

        /// What a listed scenario that passes is told: the record must say what fails.
        public var passesNow: String {
            "\(location): '\(edition) \(scenario)' is listed as known to fail (\(reason)): it passes now, take it off"
        }
    }

    /// The record's path, as given: what its problems and entries name.
    public let file: String
    /// The lines that list a scenario, in file order.
    public private(set) var entries: [Entry] = []
    /// What is wrong with the record, each at its place: a file that cannot be read, a line that is not
    /// `EDITION SCENARIO REASON`, or names an edition or scenario there is none of, or repeats one.
    public private(set) var problems: [ScenarioError] = []

    /// Reads the record at `path`; `scenarios` (paths in the scenario folder) and `editions` are what its
    /// lines may name. A file that cannot be read is a problem of the record, not an empty one.
    public init(contentsOfFile path: String, scenarios: Set<String>, editions: Set<String>) {
        // Opened first: reading a named pipe would wait for a writer.
        if let problem = FileProblem.reading(path) {
            self.init(file: path, unreadable: problem)
            return
        }
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            self.init(text, file: path, scenarios: scenarios, editions: editions)
        } catch {
            self.init(file: path, unreadable: FileProblem.describe(error, path: path))
        }
    }

    private init(file: String, unreadable reason: String) {
        self.file = file
        problems = [ScenarioError(ScenarioLocation(file: file, line: 0, column: 0), "cannot read: \(reason)")]
    }

    /// Reads `text`, the record in `file`.
    public init(_ text: String, file: String, scenarios: Set<String>, editions: Set<String>) {
        self.file = file
        var firstLines: [String: Int] = [:]
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = index + 1
            let words = Self.words(line)
            guard let first = words.first, !first.text.hasPrefix("#") else { continue }
            func problem(_ column: Int, _ message: String) {
                problems.append(ScenarioError(ScenarioLocation(file: file, line: number, column: column), message))
            }
            guard words.count == 3 else {
                problem(first.column, "expected 'EDITION SCENARIO REASON'")
                continue
            }
            let (edition, scenario, reason) = (words[0].text, words[1].text, words[2].text)
            let key = edition + " " + scenario
            if !editions.contains(edition) {
                problem(first.column, "no edition named '\(edition)'")
            } else if !scenarios.contains(scenario) {
                problem(words[1].column, "no scenario '\(scenario)' among the scenarios run")
            } else if let firstLine = firstLines[key] {
                problem(first.column, "'\(key)' is listed twice (first at line \(firstLine))")
            } else {
                firstLines[key] = number
                let location = ScenarioLocation(file: file, line: number, column: first.column)
                entries.append(Entry(edition: edition, scenario: scenario, reason: reason, location: location))
            }
        }
    }

    /// Why `edition` is known to fail the scenario at `file`, or nil when it must pass. A line names the
    /// scenario by its path in the scenario folder, so it lists every file whose path ends with that one.
    public func entry(edition: String, file: String) -> Entry? {
        entries.first { $0.edition == edition && Self.names(file, $0.scenario) }
    }

    /// Every name a record may give each of `files`: its path and each shorter path it ends with
    /// (`Scenarios/hiitfit/a.scenario`, `hiitfit/a.scenario`, `a.scenario`), for a record read against a run.
    public static func scenarioNames(of files: [String]) -> Set<String> {
        var names: Set<String> = []
        for file in files {
            let parts = file.split(separator: "/", omittingEmptySubsequences: false)
            for start in parts.indices { names.insert(parts[start...].joined(separator: "/")) }
        }
        return names
    }

    private static func names(_ file: String, _ scenario: String) -> Bool {
        file == scenario || file.hasSuffix("/" + scenario)
    }

    /// The line's first two words and the rest, trimmed, each with its 1-based column.
    private static func words(_ line: Substring) -> [(text: String, column: Int)] {
        let characters = Array(line)
        var words: [(text: String, column: Int)] = []
        var index = 0
        while index < characters.count {
            guard characters[index] != " ", characters[index] != "\t" else {
                index += 1
                continue
            }
            let start = index
            if words.count == 2 {
                index = characters.count
            } else {
                while index < characters.count, characters[index] != " ", characters[index] != "\t" { index += 1 }
            }
            let text = String(characters[start..<index]).trimmingCharacters(in: .whitespaces)
            words.append((text, start + 1))
        }
        return words
    }
}
