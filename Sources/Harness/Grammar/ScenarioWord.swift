import Foundation

/// Writing a value as one word of a scenario line, the inverse of `LineTokenizer`.
enum ScenarioWord {
    /// `text` as one word that reads back as exactly `text`: bare when it can be, else quoted with
    /// `\"` and `\\`; nil when no word can hold it (a line break or another control character).
    static func written(_ text: String) -> String? {
        guard !text.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) && $0 != "\t" })
        else { return nil }
        let special =
            text.isEmpty || text.hasPrefix("[") || text == "!" || text.hasPrefix("--")
            || text.contains { LineTokenizer.isBlank($0) || $0 == "\"" || $0 == "#" || $0 == "\\" }
        guard special else { return text }
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"" + escaped + "\""
    }
}
