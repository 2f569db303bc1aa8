/// Text from a scenario or an app made safe to show. Control characters (C0, DEL, C1),
/// bidirectional controls and line separators are written as escapes, so that no output
/// can recolour a terminal, set its title, reorder what is shown or forge a line.
public enum ControlCharacters {
    /// How an escaped character is spelled.
    public enum Notation: Sendable {
        /// `\u{1B}`, `\t`, `\n`, `\r`, `\0`: terminal lines, traces, HTML and scenario comments.
        case readable
        /// `\u001B`, for a whole JSON text: it decodes back to the original text. The encoder
        /// has already escaped C0 inside strings; C0 outside them is the text's own white space.
        case jsonText
    }

    /// `text` with every unsafe character escaped in `notation`.
    public static func escaped(_ text: String, _ notation: Notation = .readable) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0, notation) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar, notation) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            result += spelling(of: scalar, notation)
        }
        return result
    }

    /// Whether `scalar` must not reach output as it is.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL and C1 (U+009B is a one-character CSI)
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidirectional controls
        case 0x2028, 0x2029: return true  // line and paragraph separators
        default: return false
        }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar, _ notation: Notation) -> Bool {
        if notation == .jsonText, scalar.value < 0x20 { return false }
        return isUnsafe(scalar)
    }

    private static func spelling(of scalar: Unicode.Scalar, _ notation: Notation) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        switch notation {
        case .jsonText:
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        case .readable:
            switch scalar {
            case "\0": return "\\0"
            case "\t": return "\\t"
            case "\n": return "\\n"
            case "\r": return "\\r"
            default: return "\\u{" + (hex.count == 1 ? "0" : "") + hex + "}"
            }
        }
    }
}
