/// Puts the shard reports of one job back together: each scenario's entry back at its place in the whole list,
/// the totals made again, so the merged report is the one a single run gives, byte for byte.
enum ShardMerge {
    /// Why shard reports cannot be merged: one line, naming the files.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// A shard's report and the file it was read from.
    struct Input<Report: ShardableReport> {
        var path: String
        var report: Report
        var label: ShardLabel
    }

    /// The merged report, once the inputs are shown to be every shard of one job, each once.
    static func merge<Report: ShardableReport>(_ inputs: [Input<Report>]) throws(Refusal) -> Report {
        guard let first = inputs.first else { throw Refusal("no shard reports given") }
        for input in inputs.dropFirst() { try checkSameJob(first, input) }
        let count = first.label.part.count
        var byNumber: [Int: Input<Report>] = [:]
        for input in inputs {
            let number = input.label.part.number
            if let earlier = byNumber[number] {
                throw Refusal("shard \(number)/\(count) is given twice: '\(earlier.path)' and '\(input.path)'")
            }
            byNumber[number] = input
        }
        let missing = (1...count).filter { byNumber[$0] == nil }.map { "\($0)/\(count)" }
        if !missing.isEmpty {
            let names = missing.count == 1 ? "shard \(missing[0]) is" : "shards \(missing.joined(separator: ", ")) are"
            throw Refusal("\(names) missing")
        }
        let whole = first.label.scenarios
        var shares: [Int: [Report.ScenarioEntry]] = [:]
        for (number, input) in byNumber {
            let expected = input.label.part.share(of: whole)
            guard let entries = input.report.entries, entries.map(\.file) == expected else {
                throw Refusal("'\(input.path)' does not hold the scenarios of shard \(number)/\(count)")
            }
            shares[number] = entries.map(\.entry)
        }
        // Position p of the whole list is entry p / count of shard p % count + 1.
        let entries = whole.indices.map { shares[$0 % count + 1]![$0 / count] }
        return Report(edition: first.report.edition, entries: entries)
    }

    private static func checkSameJob<Report: ShardableReport>(
        _ first: Input<Report>,
        _ other: Input<Report>
    ) throws(Refusal) {
        let (a, b) = (first.label, other.label)
        let names = "'\(first.path)' and '\(other.path)'"
        if a.build != b.build { throw Refusal("\(names) were made by different builds (\(a.build) and \(b.build))") }
        if a.part.count != b.part.count {
            throw Refusal("\(names) are shards of different splits (\(a.part) and \(b.part))")
        }
        if first.report.edition != other.report.edition {
            throw Refusal("\(names) ran different editions (\(first.report.edition) and \(other.report.edition))")
        }
        if a.seed != b.seed { throw Refusal("\(names) used different seeds (\(a.seed) and \(b.seed))") }
        if a.options != b.options {
            func shown(_ options: [String]) -> String { options.isEmpty ? "none" : options.joined(separator: " ") }
            throw Refusal("\(names) were made with different options (\(shown(a.options)) and \(shown(b.options)))")
        }
        if a.scenarios != b.scenarios {
            let difference = zip(a.scenarios, b.scenarios).first { $0 != $1 }.map { "'\($0)' and '\($1)'" }
            throw Refusal(
                "\(names) were made from different scenario files ("
                    + (difference ?? "\(a.scenarios.count) and \(b.scenarios.count) files") + ")")
        }
    }
}
