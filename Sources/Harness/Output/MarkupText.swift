/// Text for HTML and XML: control characters as readable escapes (as in every other output), then the
/// characters markup gives meaning to as entities. U+FFFE and U+FFFF, which XML does not allow, are escaped too.
enum MarkupText {
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in ControlCharacters.escaped(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\u{FFFE}", "\u{FFFF}": result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
