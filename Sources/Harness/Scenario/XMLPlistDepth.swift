/// How deep the arrays and dictionaries of an XML property list nest, found without parsing it.
/// Foundation's parser recurses once per level (swift-corelibs-foundation stops at 512 with "Too many
/// nested arrays or dictionaries"), and the binary form of anything deeper than `limit` fails the
/// sandbox's check for damaged property lists, so a deeper fixture is refused before either sees it.
enum XMLPlistDepth {
    static let limit = 256

    /// Where the first array or dictionary deeper than `limit` opens: 1-based line within
    /// `lines` and column; nil when none is.
    static func firstTooDeep(_ lines: [String]) -> (line: Int, column: Int)? {
        var depth = 0
        var skipUntil: [Character]?  // the end of a comment, CDATA section or processing instruction
        for (lineIndex, line) in lines.enumerated() {
            let chars = Array(line)
            var i = 0
            while i < chars.count {
                if let end = skipUntil {
                    if chars[i...].starts(with: end) {
                        i += end.count
                        skipUntil = nil
                    } else {
                        i += 1
                    }
                    continue
                }
                defer { i += 1 }
                guard chars[i] == "<" else { continue }
                let rest = chars[(i + 1)...]
                if let (start, end) = skipped.first(where: { rest.starts(with: $0.start) }) {
                    i += start.count
                    skipUntil = end
                    continue
                }
                let closing = rest.first == "/"
                let name = String(rest.dropFirst(closing ? 1 : 0).prefix { $0.isLetter })
                guard name == "array" || name == "dict" else { continue }
                if closing {
                    depth -= 1
                } else if rest.prefix(while: { $0 != ">" }).last != "/" {
                    depth += 1
                    if depth > limit { return (lineIndex + 1, i + 1) }
                }
            }
        }
        return nil
    }

    private static let skipped: [(start: [Character], end: [Character])] = [
        (Array("!--"), Array("-->")), (Array("![CDATA["), Array("]]>")), (Array("?"), Array("?>")),
    ]
}
