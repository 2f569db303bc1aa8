/// A line of the worker protocol as words separated by single spaces. A text becomes one word by
/// escaping (`\s` space, `\n` newline, `\r` carriage return, `\\` backslash), so any text fits on the line.
struct WireWords {
    private var words: ArraySlice<Substring>

    /// Split on the bytes: splitting on `Character`s walks every grapheme of a scenario's whole text.
    init(_ text: Substring) {
        var words: [Substring] = []
        var start = text.startIndex
        while let space = text.utf8[start...].firstIndex(of: UInt8(ascii: " ")) {
            words.append(text[start..<space])
            start = text.utf8.index(after: space)
        }
        words.append(text[start...])
        self.words = words[...]
    }

    /// Whether every word has been read.
    var isAtEnd: Bool { words.isEmpty }

    /// The next word as it is on the line; nil past the end.
    mutating func word() -> Substring? { words.popFirst() }

    mutating func number<Number: FixedWidthInteger>(_: Number.Type = Number.self) -> Number? {
        word().flatMap { Number($0) }
    }

    /// The next word unescaped; nil past the end or when it is not a well-formed escape.
    mutating func text() -> String? { word().flatMap(Self.unescaped) }

    /// `-` for nil, else `=` and the escaped text; the outer nil: the word is not one of those.
    mutating func optionalText() -> String?? {
        guard let word = word() else { return nil }
        if word == "-" { return .some(nil) }
        guard word.first == "=", let text = Self.unescaped(word.dropFirst()) else { return nil }
        return .some(text)
    }

    static func optional(_ text: String?) -> String { text.map { "=" + escaped($0) } ?? "-" }

    static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "): bytes.append(escaping: UInt8(ascii: "s"))
            case UInt8(ascii: "\n"): bytes.append(escaping: UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): bytes.append(escaping: UInt8(ascii: "r"))
            case backslash: bytes.append(escaping: backslash)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func unescaped(_ word: Substring) -> String? {
        guard word.utf8.contains(backslash) else { return String(word) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(word.utf8.count)
        var escaping = false
        for byte in word.utf8 {
            guard escaping else {
                if byte == backslash { escaping = true } else { bytes.append(byte) }
                continue
            }
            escaping = false
            switch byte {
            case UInt8(ascii: "s"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "n"): bytes.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "r"): bytes.append(UInt8(ascii: "\r"))
            case backslash: bytes.append(backslash)
            default: return nil
            }
        }
        return escaping ? nil : String(decoding: bytes, as: UTF8.self)
    }

    fileprivate static let backslash = UInt8(ascii: "\\")
}

extension [UInt8] {
    fileprivate mutating func append(escaping letter: UInt8) {
        append(WireWords.backslash)
        append(letter)
    }
}
