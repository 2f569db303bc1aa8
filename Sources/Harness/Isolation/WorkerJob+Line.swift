/// A job as the line a worker reads: `job`, the number its text is held under, the file, the edition
/// (`-` or `=name`), the seed, the flags, the live folder (`-` or `=path`), the mode's words and the text
/// (`-` when the worker holds it).
/// Hand-written rather than JSON: a JSON decoder's fixed cost was most of a short run's protocol time.
extension WorkerJob {
    var line: String {
        let flags = [tracing, includeOperations, includeObservations, judge, keepRecords, streamOperations]
        let words =
            [
                "job", String(sourceNumber), WireWords.escaped(file), WireWords.optional(edition), String(seed),
                String(flags.map { $0 ? "1" : "0" }), WireWords.optional(liveFolder),
            ] + mode.wireWords + [WireWords.optional(source)]
        return words.joined(separator: " ")
    }

    /// Reads a line `line` wrote; nil when it is not one.
    init?(line: String) {
        var words = WireWords(line[...])
        guard words.word() == "job", let sourceNumber = words.number(Int.self), let file = words.text(),
            case .some(let edition) = words.optionalText(), let seed = words.number(UInt64.self),
            let flagWord = words.word(), flagWord.count == 6, flagWord.allSatisfy({ $0 == "0" || $0 == "1" }),
            case .some(let liveFolder) = words.optionalText(), let mode = RunMode(wire: &words),
            case .some(let source) = words.optionalText(), words.isAtEnd
        else { return nil }
        let flags = flagWord.map { $0 == "1" }
        (self.file, self.source, self.sourceNumber) = (file, source, sourceNumber)
        (self.edition, self.seed, self.mode, self.liveFolder) = (edition, seed, mode, liveFolder)
        (tracing, includeOperations, includeObservations) = (flags[0], flags[1], flags[2])
        (judge, keepRecords, streamOperations) = (flags[3], flags[4], flags[5])
    }
}
