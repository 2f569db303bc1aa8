import Foundation

/// Turns a fixture's lines into its bytes, by encoding.
enum FixtureDecoder {
    static func decode(
        _ lines: [String], firstLine: Int, header: FixtureHeader,
        location: ScenarioLocation
    ) throws(ScenarioError) -> FixtureBytes {
        let name = header.name
        let text = Data(lines.map { $0 + "\n" }.joined().utf8)
        switch header.encoding {
        case .text:
            return FixtureBytes(text)
        case .xml, .xmlText:
            guard lines.contains(where: { !$0.trimmingBlanks().isEmpty }) else {
                throw ScenarioError(location, "fixture '\(name)': empty, expected an XML property list")
            }
            if let (line, column) = XMLPlistDepth.firstTooDeep(lines) {
                let at = ScenarioLocation(file: location.file, line: firstLine + line - 1, column: column)
                throw ScenarioError(
                    at,
                    "fixture '\(name)': arrays and dictionaries nested deeper than the limit "
                        + "of \(XMLPlistDepth.limit) levels")
            }
            var format = PropertyListSerialization.PropertyListFormat.binary
            guard lines.first(where: { !$0.trimmingBlanks().isEmpty })!.trimmingBlanks().hasPrefix("<"),
                let object = try? PropertyListSerialization.propertyList(from: text, options: [], format: &format),
                format == .xml
            else {
                throw ScenarioError(location, "fixture '\(name)': not a valid XML property list")
            }
            return header.encoding == .xmlText ? FixtureBytes(text) : FixtureBytes(binaryOf: object)
        case .hex:
            return FixtureBytes(try hex(lines, firstLine: firstLine, location: location, name: name))
        case .base64:
            return FixtureBytes(try base64(lines, firstLine: firstLine, location: location, name: name))
        }
    }

    /// The characters of `lines` that are not blanks, each with its location.
    private static func characters(_ lines: [String], firstLine: Int, file: String) -> [(Character, ScenarioLocation)] {
        var result: [(Character, ScenarioLocation)] = []
        for (offset, line) in lines.enumerated() {
            for (index, c) in line.enumerated() where !LineTokenizer.isBlank(c) {
                result.append((c, ScenarioLocation(file: file, line: firstLine + offset, column: index + 1)))
            }
        }
        return result
    }

    private static func hex(
        _ lines: [String], firstLine: Int, location: ScenarioLocation,
        name: String
    ) throws(ScenarioError) -> Data {
        let digits = characters(lines, firstLine: firstLine, file: location.file)
        var bytes = Data()
        var high: UInt8?
        for (c, at) in digits {
            guard let value = Values.hexDigit(c) else {
                throw ScenarioError(at, "fixture '\(name)': '\(c)' is not a hex digit")
            }
            if let h = high {
                bytes.append(h << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        if high != nil, let last = digits.last {
            throw ScenarioError(last.1, "fixture '\(name)': odd number of hex digits")
        }
        return bytes
    }

    private static func base64(
        _ lines: [String], firstLine: Int, location: ScenarioLocation,
        name: String
    ) throws(ScenarioError) -> Data {
        let chars = characters(lines, firstLine: firstLine, file: location.file)
        for (c, at) in chars where !(c.isASCII && (c.isLetter || c.isNumber || c == "+" || c == "/" || c == "=")) {
            throw ScenarioError(at, "fixture '\(name)': '\(c)' is not a base64 character")
        }
        guard let data = Data(base64Encoded: String(chars.map(\.0))) else {
            throw ScenarioError(location, "fixture '\(name)': not valid base64 (check its length and '=' padding)")
        }
        return data
    }
}
