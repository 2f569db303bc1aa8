import Foundation

/// The fixtures of a scenario, and what went wrong loading them.
struct LoadedFixtures: Sendable {
    /// The fixtures that loaded, in file order.
    var fixtures: [Fixture] = []
    /// Every fixture with a name, loaded or not, and where the name is, in file order.
    var names: [(name: String, location: ScenarioLocation)] = []
    var errors: [ScenarioError] = []

    func location(of name: String) -> ScenarioLocation? { names.first { $0.name == name }?.location }
}

/// A parsed fixture header: `-- NAME --` or `-- NAME (ENCODING) --`.
struct FixtureHeader: Sendable, Hashable {
    var name: String
    var nameColumn: Int
    var encoding: FixtureEncoding
}

/// Splits the fixture part of a scenario (txtar style) and decodes each fixture.
enum FixtureLoader {
    /// Whether `line` starts a fixture: it begins with `-- ` and ends with ` --` (trailing blanks ignored).
    static func isHeader(_ line: String) -> Bool {
        let trimmed = line.trimmingTrailingBlanks()
        return trimmed.hasPrefix("-- ") && trimmed.hasSuffix(" --")
    }

    /// Loads `lines`, the first of which is a header on line `firstLine`.
    static func load(_ lines: [String], firstLine: Int, file: String) -> LoadedFixtures {
        var loaded = LoadedFixtures()
        var index = 0
        while index < lines.count {
            let headerIndex = index
            index += 1
            while index < lines.count, !isHeader(lines[index]) { index += 1 }
            let number = firstLine + headerIndex
            let body = Array(lines[(headerIndex + 1)..<index])
            do throws(ScenarioError) {
                let parts = split(lines[headerIndex])
                let location = ScenarioLocation(file: file, line: number, column: parts.nameColumn)
                try checkName(parts, location)
                if let first = loaded.location(of: parts.name) {
                    throw ScenarioError(location, "duplicate fixture '\(parts.name)' (first at line \(first.line))")
                }
                loaded.names.append((parts.name, location))
                let header = try parseHeader(lines[headerIndex], file: file, number: number)
                let bytes = try FixtureDecoder.decode(body, firstLine: number + 1, header: header, location: location)
                loaded.fixtures.append(
                    Fixture(name: header.name, bytes: bytes, encoding: header.encoding, location: location))
            } catch {
                loaded.errors.append(error)
            }
        }
        return loaded
    }

    static func parseHeader(_ line: String, file: String, number: Int) throws(ScenarioError) -> FixtureHeader {
        let parts = split(line)
        func at(_ column: Int) -> ScenarioLocation { ScenarioLocation(file: file, line: number, column: column) }
        try checkName(parts, at(parts.nameColumn))
        guard let raw = parts.encoding else {
            return FixtureHeader(name: parts.name, nameColumn: parts.nameColumn, encoding: .text)
        }
        guard let encoding = FixtureEncoding(rawValue: raw) else {
            let names = FixtureEncoding.allCases.map(\.rawValue)
            throw ScenarioError(at(parts.encodingColumn), Suggestions.unknown("fixture encoding", raw, names))
        }
        return FixtureHeader(name: parts.name, nameColumn: parts.nameColumn, encoding: encoding)
    }

    private static func checkName(_ parts: HeaderParts, _ location: ScenarioLocation) throws(ScenarioError) {
        guard parts.name.isEmpty else { return }
        throw ScenarioError(location, "empty fixture name (write '-- NAME --' or '-- NAME (ENCODING) --')")
    }

    /// A header's name and encoding as written, with their columns.
    private struct HeaderParts {
        var name: String
        var nameColumn: Int
        var encoding: String?
        var encodingColumn: Int
    }

    private static func split(_ line: String) -> HeaderParts {
        let chars = Array(line.trimmingTrailingBlanks())
        let inner = chars.count >= 6 ? Array(chars[3..<(chars.count - 3)]) : []
        let start = inner.firstIndex { !LineTokenizer.isBlank($0) } ?? 0
        let end = (inner.lastIndex { !LineTokenizer.isBlank($0) } ?? -1) + 1
        var parts = HeaderParts(name: "", nameColumn: start + 4, encoding: nil, encodingColumn: 0)
        var nameEnd = end
        if end > start, inner[end - 1] == ")", let open = inner[start..<(end - 1)].lastIndex(of: "("),
            open == start || LineTokenizer.isBlank(inner[open - 1])
        {
            nameEnd = open
            parts.encoding = String(inner[(open + 1)..<(end - 1)])
            parts.encodingColumn = open + 5
        }
        parts.name = String(inner[start..<max(start, nameEnd)]).trimmingBlanks()
        return parts
    }
}

extension String {
    /// The string without trailing spaces and tabs.
    func trimmingTrailingBlanks() -> String {
        var chars = Substring(self)
        while let last = chars.last, LineTokenizer.isBlank(last) { chars = chars.dropLast() }
        return String(chars)
    }
}
