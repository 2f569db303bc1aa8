/// How deep the arrays and dictionaries of an XML property list nest, found without parsing it.
/// Foundation's parser recurses once per level (swift-corelibs-foundation stops at 512 with "Too many
/// nested arrays or dictionaries"), and the binary form of anything deeper than `limit` fails the
/// sandbox's check for damaged property lists, so a deeper fixture is refused before either sees it.
enum XMLPlistDepth {
    static let limit = 256

    /// Where the first array or dictionary deeper than `limit` opens: 1-based line within
    /// `lines` and column (in characters); nil when none is. Scans bytes: markup is ASCII, and
    /// a 1,000-day history's fixture took milliseconds to scan as characters.
    static func firstTooDeep(_ lines: [String]) -> (line: Int, column: Int)? {
        var depth = 0
        var skipUntil: [UInt8]?  // the end of a comment, CDATA section or processing instruction
        for (lineIndex, line) in lines.enumerated() {
            let bytes = Array(line.utf8)
            var i = 0
            while i < bytes.count {
                if let end = skipUntil {
                    if bytes[i...].starts(with: end) {
                        i += end.count
                        skipUntil = nil
                    } else {
                        i += 1
                    }
                    continue
                }
                defer { i += 1 }
                guard bytes[i] == UInt8(ascii: "<") else { continue }
                let rest = bytes[(i + 1)...]
                if let (start, end) = skipped.first(where: { rest.starts(with: $0.start) }) {
                    i += start.count
                    skipUntil = end
                    continue
                }
                let closing = rest.first == UInt8(ascii: "/")
                let name = rest.dropFirst(closing ? 1 : 0)
                // The whole name: `<arrays>` is no array (a byte past ASCII may be a letter).
                let isNamed = { (tag: [UInt8]) in
                    name.starts(with: tag) && name.dropFirst(tag.count).first.map(Self.isNameByte) != true
                }
                guard isNamed(array) || isNamed(dict) else { continue }
                if closing {
                    depth -= 1
                } else if rest.prefix(while: { $0 != UInt8(ascii: ">") }).last != UInt8(ascii: "/") {
                    depth += 1
                    if depth > limit { return (lineIndex + 1, String(decoding: bytes[..<i], as: UTF8.self).count + 1) }
                }
            }
        }
        return nil
    }

    private static let array = Array("array".utf8)
    private static let dict = Array("dict".utf8)

    /// A letter of a tag's name, as `Character.isLetter` would have it for markup.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    private static let skipped: [(start: [UInt8], end: [UInt8])] = [
        (Array("!--".utf8), Array("-->".utf8)), (Array("![CDATA[".utf8), Array("]]>".utf8)),
        (Array("?".utf8), Array("?>".utf8)),
    ]
}
