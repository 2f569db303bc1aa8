import Foundation
import Sandbox

/// Reads scenario files: the whole file is checked, and every mistake reported, before anything runs.
public enum ScenarioParser {
    /// Parses `text`; `file` names it in every message. Its `app` line names one of `plugins`.
    public static func parse(_ text: String, file: String, plugins: PluginRegistry) throws(ScenarioErrors) -> Scenario {
        let lines = splitLines(text)
        let fixtureStart = lines.firstIndex(where: FixtureLoader.isHeader) ?? lines.count
        var script = ScriptParser(file: file, plugins: plugins)
        for (index, line) in lines[..<fixtureStart].enumerated() {
            script.parseLine(line, number: index + 1)
        }
        script.finish()
        let loaded = FixtureLoader.load(Array(lines[fixtureStart...]), firstLine: fixtureStart + 1, file: file)
        let storeKindOnly = !script.errors.isEmpty && script.errors.allSatisfy(\.isStoreKindMismatch)
        let errors =
            (script.errors + loaded.errors + referenceErrors(script.references, loaded, followStoreKind: storeKindOnly))
            .enumerated()
            .sorted {
                ($0.element.location.line, $0.element.location.column, $0.offset)
                    < ($1.element.location.line, $1.element.location.column, $1.offset)
            }
            .map(\.element)
        guard errors.isEmpty, let plugin = script.plugin else { throw ScenarioErrors(errors) }
        var scenario = Scenario(
            file: file, plugin: plugin, variant: script.variant, header: script.header, steps: script.steps,
            fixtures: loaded.fixtures)
        scenario.fixtureUses = Dictionary(grouping: script.references, by: \.name).mapValues {
            Set($0.map(\.location.line))
        }
        return scenario
    }

    /// Reads and parses the file at `url`; `displayPath` names it in every message.
    public static func parse(
        contentsOf url: URL, displayPath: String,
        plugins: PluginRegistry
    ) throws(ScenarioErrors) -> Scenario {
        try parse(text(contentsOf: url, displayPath: displayPath), file: displayPath, plugins: plugins)
    }

    /// The text of the scenario file at `url`: the one place a scenario file is read, so that
    /// every command reports a file it cannot read, or that is not UTF-8, in the same words.
    public static func text(contentsOf url: URL, displayPath: String) throws(ScenarioErrors) -> String {
        func cannotRead(_ reason: String) -> ScenarioErrors {
            let file = ScenarioLocation(file: displayPath, line: 0, column: 0)
            return ScenarioErrors([ScenarioError(file, "cannot read: \(reason)")])
        }
        if let problem = FileProblem.reading(url.path) { throw cannotRead(problem) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw cannotRead(FileProblem.describe(error, path: url.path))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioErrors([notUTF8(Array(data), file: displayPath)])
        }
        return text
    }

    /// `not UTF-8 text`, at the line and column of the first byte that is not.
    private static func notUTF8(_ bytes: [UInt8], file: String) -> ScenarioError {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length =
                lead < 0x80
                ? 1
                : (0xC2...0xDF).contains(lead)
                    ? 2
                    : (0xE0...0xEF).contains(lead)
                        ? 3
                        : (0xF0...0xF4).contains(lead) ? 4 : 0
            guard length > 0, index + length <= bytes.count,
                String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil
            else { break }
            index += length
        }
        let lineStart = bytes[..<index].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = bytes[..<lineStart].count { $0 == UInt8(ascii: "\n") } + 1
        var before = bytes[lineStart..<index]
        if lineStart == 0, before.starts(with: [0xEF, 0xBB, 0xBF]) { before = before.dropFirst(3) }
        let column = String(decoding: before, as: UTF8.self).count + 1
        let byte =
            index < bytes.count
            ? String(format: " (byte 0x%02X)", bytes[index])
            : " (it ends inside a character)"
        return ScenarioError(ScenarioLocation(file: file, line: line, column: column), "not UTF-8 text" + byte)
    }

    /// The lines of `text`, split at line feeds; a carriage return before one is dropped, as is a leading BOM.
    static func splitLines(_ text: String) -> [String] {
        // Split on bytes: a line feed and a carriage return are single bytes that no other UTF-8 character contains.
        var bytes = Substring(text).utf8[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var lines: [String] = []
        func line(_ slice: Substring.UTF8View.SubSequence) -> String {
            String(decoding: slice.last == 0x0D ? slice.dropLast() : slice, as: UTF8.self)
        }
        while let end = bytes.firstIndex(of: 0x0A) {
            lines.append(line(bytes[..<end]))
            bytes = bytes[bytes.index(after: end)...]
        }
        let last = line(bytes)
        if !last.isEmpty { lines.append(last) }
        return lines
    }

    /// Missing fixtures, fixtures that are not property lists where one is needed, and unused fixtures: when every
    /// step's mistake is a store used as the other kind (`followStoreKind`), an unused fixture is one such step's
    /// and counts as that mistake too.
    private static func referenceErrors(
        _ references: [FixtureReference], _ loaded: LoadedFixtures, followStoreKind: Bool
    ) -> [ScenarioError] {
        var errors: [ScenarioError] = []
        let names = loaded.names.map(\.name)
        for reference in references {
            guard names.contains(reference.name) else {
                errors.append(
                    ScenarioError(
                        reference.location,
                        "no fixture named '\(reference.name)'"
                            + Suggestions.hint(reference.name, names)))
                continue
            }
            guard let fixture = loaded.fixtures.first(where: { $0.name == reference.name }) else { continue }
            // A parsed XML property list is one, never empty, in binary form too: its bytes are not made here.
            if fixture.encoding == .xml { continue }
            // Read as the run reads it: PlistValue refuses the binary plists Foundation crashes or hangs on.
            if reference.needsPropertyList, (try? PlistValue(propertyList: fixture.data)) == nil {
                errors.append(
                    ScenarioError(reference.location, "fixture '\(reference.name)' does not hold a property list"))
            }
            if reference.needsBytes, fixture.data.isEmpty {
                errors.append(
                    ScenarioError(reference.location, "fixture '\(reference.name)' holds no bytes to look for"))
            }
        }
        let used = Set(references.map(\.name))
        for (name, location) in loaded.names where !used.contains(name) {
            var error = ScenarioError(location, "fixture '\(name)' is never used")
            error.isStoreKindMismatch = followStoreKind
            errors.append(error)
        }
        return errors
    }
}
