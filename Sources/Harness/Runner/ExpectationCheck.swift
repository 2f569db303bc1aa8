import Foundation
import Sandbox

extension Expectation {
    /// `expect verdict CLASS`: about the oracles' verdict on the run, not about what the app shows.
    var isVerdict: Bool {
        if case .verdict = self { return true }
        return false
    }
}

/// Evaluates one expectation against the world and what the app shows.
struct ExpectationCheck {
    let session: RunSession
    let expectation: Expectation

    struct Outcome {
        var holds: Bool
        var expected: String
        var found: String
        /// False when there was nothing to check (the app is not running, no such row): the step fails
        /// whether or not it is negated, so `! expect …` cannot pass for want of a subject.
        var evaluated = true
    }

    private var world: SimulatedWorld { session.world }

    private func observe() -> Observation? { session.observe() }

    func evaluate() -> Outcome {
        switch expectation {
        case .crashed:
            return Outcome(holds: world.lastProcessCrashed, expected: "the app crashed", found: processState)
        case .trapped(let text):
            return Outcome(
                holds: false, expected: "the app to trap" + (text.map { " with '\($0)'" } ?? ""),
                found: "it did not trap")
        case .alert(let title):
            guard let seen = observe() else { return notRunning("an alert") }
            let holds = seen.alert != nil && (title == nil || seen.alert?.title == title)
            return Outcome(
                holds: holds, expected: title.map { "an alert titled '\($0)'" } ?? "an alert",
                found: seen.alert.map { "alert '\($0.title)': \($0.message)" } ?? "no alert" + unfiredFault)
        case .printed(let text):
            let lines = world.printedLines
            return Outcome(
                holds: lines.contains { $0.contains(text) }, expected: "a printed line containing '\(text)'",
                found: lines.isEmpty ? "nothing printed" : lines.suffix(3).map { "'\($0)'" }.joined(separator: ", "))
        case .app(let check):
            guard let app = session.driver?.unretained, world.isRunning else { return notRunning(check.expected) }
            let context = CheckContext(calendar: world.calendar)
            guard let finding = world.perform({ app { $0.evaluate(check, in: context) } }) else {
                return notRunning(check.expected)
            }
            return Outcome(
                holds: finding.holds, expected: check.expected, found: finding.found, evaluated: finding.evaluated)
        case .file(let path, let check):
            return fileOutcome(path, check)
        case .plist(let source, let path, let check):
            return plistOutcome(source, path, check)
        case .idsKept:
            let expected = "every id the app showed before this process still shown"
            guard let seen = observe() else { return notRunning(expected) }
            let comparison = session.identities.comparison(with: seen)
            return Outcome(
                holds: comparison.holds, expected: expected, found: comparison.found, evaluated: comparison.evaluated)
        case .kept(let name):
            let bytes = session.scenario.fixture(named: name)?.data ?? Data()
            let container = session.container
            let keeping = container.filePaths.filter { path in
                container.fileData(path).map { !bytes.isEmpty && $0.range(of: bytes) != nil } ?? false
            }
            return Outcome(
                holds: !keeping.isEmpty, expected: "the \(bytes.count) bytes of fixture '\(name)' in some file",
                found: keeping.isEmpty
                    ? "in none of: " + container.filePaths.joined(separator: ", ")
                    : keeping.joined(separator: ", "))
        case .fileCount(let pattern, let count):
            let matching = session.container.filePaths.filter { pattern.matches($0) }
            return Outcome(
                holds: matching.count == count, expected: "\(count) files matching \(pattern)",
                found: matching.isEmpty ? "none" : "\(matching.count): " + matching.joined(separator: ", "))
        case .defaultsValue(let key, let value):
            guard world.isRunning else { return notRunning("defaults \(key)") }
            let stored = world.defaultsValue(forKey: key)
            return Outcome(holds: stored == value, expected: describe(key, value), found: describe(key, stored))
        case .persistedValue(let key, let value):
            let stored = world.persistedDefaultsValue(forKey: key)
            return Outcome(
                holds: stored == value, expected: "persisted " + describe(key, value),
                found: "persisted " + describe(key, stored))
        case .operationCount(let kind, let pattern, let count):
            let matching = world.operations.filter {
                $0.kind == kind && (pattern.matches($0.path) || $0.target.map(pattern.matches) == true)
            }
            return Outcome(
                holds: matching.count == count, expected: "\(count) \(kind.rawValue) operations on \(pattern)",
                found: "\(matching.count)")
        case .verdict(let expected):
            let model = session.model.settled(world: world, container: session.container)
            let finding = model.finding.map { ": " + $0.message } ?? ""
            return Outcome(
                holds: model.verdict == expected, expected: "verdict \(expected.rawValue)",
                found: model.verdict.rawValue + finding)
        }
    }

    private var processState: String {
        if world.isRunning { return "the app is running" + unfiredFault }
        if let crash = world.crashes.last { return "the app is not running; last crash: \(crash.line)" }
        return "the app is not running (it was never launched, or exited cleanly)"
    }

    /// An app that saves later (at background, say), or does not do the operation at all (a port that never syncs
    /// or renames), never reaches what an armed fault waits for: said beside what was found.
    private var unfiredFault: String {
        world.firedCounts.contains(0) ? ", and an armed fault has not fired: no operation it selects has run yet" : ""
    }

    private func notRunning(_ expected: String) -> Outcome {
        Outcome(holds: false, expected: expected, found: processState, evaluated: false)
    }

    private func fileOutcome(_ path: String, _ check: FileCheck) -> Outcome {
        let container = session.container
        let data = container.fileData(path)
        let found =
            data.map { "\(path): \($0.count) bytes" + (shape($0).map { ", \($0)" } ?? "") }
            ?? (container.isDirectory(path) ? "\(path) is a folder" : "\(path) is absent")
        switch check {
        case .exists:
            return Outcome(holds: data != nil || container.isDirectory(path), expected: "\(path) exists", found: found)
        case .absent:
            return Outcome(
                holds: data == nil && !container.isDirectory(path), expected: "\(path) is absent", found: found)
        case .unchanged:
            let fixture = session.scenario.fixture(at: path)?.data
            return Outcome(
                holds: data != nil && data == fixture,
                expected: "\(path) holds its fixture's \(fixture?.count ?? 0) bytes", found: found)
        case .plist(let expectedShape):
            return Outcome(
                holds: data.flatMap(shape) == "plist " + expectedShape, expected: "\(path): plist \(expectedShape)",
                found: found)
        case .bytes(let count):
            return Outcome(holds: data?.count == count, expected: "\(path): \(count) bytes", found: found)
        }
    }

    private func shape(_ data: Data) -> String? {
        (try? PlistValue(propertyList: data)).map { "plist \($0.shape)" }
    }

    private func describe(_ key: String, _ value: PlistValue?) -> String {
        guard let value else { return "\(key) absent" }
        return "\(key) = \(PlistText.describe(value))"
    }
}

/// Short, stable text for property-list values in messages.
enum PlistText {
    static func describe(_ value: PlistValue) -> String {
        switch value {
        case .string(let s): return "string \"\(s)\""
        case .integer(let i): return "int \(i)"
        case .real(let d): return "real \(d)"
        case .bool(let b): return "bool \(b)"
        case .date(let d): return "date \(d.ISO8601Format())"
        case .data(let d): return "data \(d.map { String(format: "%02x", $0) }.joined())"
        case .array(let items): return "[" + items.map(describe).joined(separator: ", ") + "]"
        case .dictionary(let items):
            return "{" + items.keys.sorted().map { "\($0): \(describe(items[$0]!))" }.joined(separator: ", ") + "}"
        }
    }
}
