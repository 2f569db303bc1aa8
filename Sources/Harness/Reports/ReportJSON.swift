import Foundation

/// The one JSON form of every report: sorted keys, so the same report gives the same bytes, and the
/// control characters the encoder leaves raw (DEL, C1, bidirectional controls) as `\u` escapes.
enum ReportJSON {
    static func text(_ report: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ControlCharacters.escaped(String(decoding: try encoder.encode(report), as: UTF8.self), .jsonText)
    }
}
