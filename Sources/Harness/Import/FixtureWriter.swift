import Foundation
import Sandbox

/// Writes bytes as a fixture in the most readable encoding that gives back exactly the same bytes:
/// `xml` for a property list whose binary form the `xml` encoding reproduces byte for byte,
/// `xml-text` for an XML property list, `text` for UTF-8 text, else `base64`. Each candidate is
/// decoded as the parser decodes it and kept only when the bytes come back equal.
enum FixtureWriter {
    /// The fixture's header and body lines.
    static func lines(name: String, data: Data) -> [String] {
        for (encoding, body) in candidates(data) where decodes(body, as: encoding, to: data, name: name) {
            return ["-- \(name) (\(encoding.rawValue)) --"] + body
        }
        return ["-- \(name) (base64) --"] + base64(data)
    }

    private static func candidates(_ data: Data) -> [(FixtureEncoding, [String])] {
        var result: [(FixtureEncoding, [String])] = []
        if let value = try? PlistValue(propertyList: data),
            let xml = try? PropertyListSerialization.data(fromPropertyList: value.object, format: .xml, options: 0),
            let lines = textLines(xml)
        {
            result.append((.xml, lines))
        }
        if let lines = textLines(data) { result += [(.xmlText, lines), (.text, lines)] }
        return result
    }

    /// The lines of UTF-8 text that ends in a newline and holds no other control character than a tab
    /// (a carriage return would not survive the scenario's own line splitting), and no fixture header.
    private static func textLines(_ data: Data) -> [String]? {
        guard let text = String(data: data, encoding: .utf8), text.isEmpty || text.hasSuffix("\n"),
            !text.unicodeScalars.contains(where: {
                CharacterSet.controlCharacters.contains($0) && $0 != "\n" && $0 != "\t"
            })
        else { return nil }
        let lines = text.components(separatedBy: "\n").dropLast()
        return lines.contains(where: FixtureLoader.isHeader) ? nil : Array(lines)
    }

    private static func decodes(_ body: [String], as encoding: FixtureEncoding, to data: Data, name: String) -> Bool {
        let header = FixtureHeader(name: name, nameColumn: 4, encoding: encoding)
        let location = ScenarioLocation(file: name, line: 1, column: 4)
        return (try? FixtureDecoder.decode(body, firstLine: 2, header: header, location: location))?.data == data
    }

    private static func base64(_ data: Data) -> [String] {
        let text = data.base64EncodedString()
        return stride(from: 0, to: text.count, by: 76).map { start in
            let from = text.index(text.startIndex, offsetBy: start)
            return String(text[from..<(text.index(from, offsetBy: 76, limitedBy: text.endIndex) ?? text.endIndex)])
        }
    }
}
