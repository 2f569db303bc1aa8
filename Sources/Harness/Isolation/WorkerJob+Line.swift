/// A job as the line a worker reads: `job`, the number its text is held under, the file, the edition
/// (`-` or `=name`), the seed, the reply (`result`, `verdict+reproduction`, ...), the live folder (`-` or `=path`),
/// the mode's words and the text (`-` when the worker holds it).
/// Hand-written rather than JSON: a JSON decoder's fixed cost was most of a short run's protocol time.
extension WorkerJob {
    var line: String {
        let words =
            [
                "job", String(sourceNumber), WireWords.escaped(file), WireWords.optional(edition), String(seed),
                reply.rawValue, WireWords.optional(liveFolder),
            ] + mode.wireWords + [WireWords.optional(source)]
        return words.joined(separator: " ")
    }

    /// Reads a line `line` wrote; nil when it is not one.
    init?(line: String) {
        var words = WireWords(line[...])
        guard words.word() == "job", let sourceNumber = words.number(Int.self), let file = words.text(),
            case .some(let edition) = words.optionalText(), let seed = words.number(UInt64.self),
            let reply = words.word().flatMap({ Reply(rawValue: String($0)) }),
            case .some(let liveFolder) = words.optionalText(), let mode = RunMode(wire: &words),
            case .some(let source) = words.optionalText(), words.isAtEnd
        else { return nil }
        (self.file, self.source, self.sourceNumber) = (file, source, sourceNumber)
        (self.edition, self.seed, self.mode, self.liveFolder, self.reply) = (edition, seed, mode, liveFolder, reply)
    }
}
