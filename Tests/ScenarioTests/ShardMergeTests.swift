import Foundation
import Testing

/// `--shard I/N` and `harness merge`: every part's report put back together is the single run's, byte for byte.
@Suite struct ShardMergeTests {
    /// A folder `corpus` of a few small scenarios in a fresh folder: traps, a trap in the fault-free run, an
    /// invalid file, a failing expectation, a file name that needs escaping, and some that pass. The caller
    /// removes the folder.
    static func smallCorpus() throws -> URL {
        let folder = try CommandLineTests.temporaryFolder()
        let corpus = folder.appendingPathComponent("corpus")
        let copies = [
            "a/first-launch.scenario": "checklists/first-launch.scenario",
            "a/documents-url-fails-once.scenario": "checklists/documents-url-fails-once.scenario",
            "b/first-launch.scenario": "namestofaces/first-launch.scenario",
            "c/load-io-error.scenario": "hiitfit/load-io-error.scenario",
            "c/quote\"<&>\u{1B}[31m.scenario": "namestofaces/first-launch-codable.scenario",
        ]
        for (name, original) in copies {
            let copy = corpus.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: copy.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Corpus.path(original), toPath: copy.path)
        }
        // What the book does, gated to it, so that a run on the book has an expected trap and an alerted pass.
        let bookOutcomes = [
            "a/documents-url-fails-once.scenario": (
                "no-url\nlaunch\n", "no-url\nlaunch\n[edition:book] expect trapped Index\n"
            ),
            "c/load-io-error.scenario": (
                "\nexpect alert\n", "\n[edition:hardened] expect alert\n[edition:book] expect verdict dataLoss\n"
            ),
        ]
        for (name, (line, gated)) in bookOutcomes {
            let copy = corpus.appendingPathComponent(name)
            let text = try String(contentsOf: copy, encoding: .utf8)
            #expect(text.contains(line))
            try text.replacingOccurrences(of: line, with: gated).write(to: copy, atomically: true, encoding: .utf8)
        }
        try "app hiitfit\nlanch\n".write(
            to: corpus.appendingPathComponent("b/broken.scenario"), atomically: true,
            encoding: .utf8)
        try "app checklists\nlaunch\nitem add Milk\nexpect items: [x] Milk\n"
            .write(to: corpus.appendingPathComponent("b/milk.scenario"), atomically: true, encoding: .utf8)
        return folder
    }

    /// The files a command wrote, by name.
    static func contents(_ names: [String], in folder: URL) throws -> [String: Data] {
        try Dictionary(
            uniqueKeysWithValues: names.map {
                ($0, try Data(contentsOf: folder.appendingPathComponent($0)))
            })
    }

    /// Runs `command` whole and in 1, 2, 3, 7 and 8 shards (one more than the files: a part is empty), merges
    /// each split, and compares every output.
    static func checkShardsMergeToTheSingleRun(command: [String], outputs: [String]) throws {
        let folder = try Self.smallCorpus()
        defer { try? FileManager.default.removeItem(at: folder) }
        // `--html single.html`, `--junit single.xml`.
        func file(_ output: String, _ tag: String) -> String { "\(tag).\(output == "junit" ? "xml" : output)" }
        func flags(_ tag: String) -> [String] { outputs.flatMap { ["--\($0)", file($0, tag)] } }
        let single = try CommandLineTests.harness(command + ["--json"] + flags("single"), in: folder)
        #expect(single.status == 1, "the small corpus holds failures")
        #expect(single.errors.isEmpty)
        #expect(single.output.contains("\"corpus/c/load-io-error.scenario\""))
        let singleFiles = try Self.contents(outputs.map { file($0, "single") }, in: folder)
        for count in [1, 2, 3, 7, 8] {
            var shardFiles: [String] = []
            for number in 1...count {
                let shard = try CommandLineTests.harness(
                    command + ["--json", "--shard", "\(number)/\(count)"],
                    in: folder)
                #expect(shard.status != 2, "\(shard.errors)")
                let name = "shard-\(number)-of-\(count).json"
                try Data(shard.output.utf8).write(to: folder.appendingPathComponent(name))
                shardFiles.append(name)
            }
            // In any order: the merge puts each part back in its place.
            let merged = try CommandLineTests.harness(["merge"] + shardFiles.reversed() + flags("merged"), in: folder)
            #expect(merged.status == single.status, "\(merged.errors)")
            #expect(merged.output == single.output, "the merged JSON of \(count) shards is the single run's")
            let mergedFiles = try Self.contents(outputs.map { file($0, "merged") }, in: folder)
            for output in outputs {
                #expect(
                    mergedFiles[file(output, "merged")] == singleFiles[file(output, "single")],
                    "the merged --\(output) of \(count) shards is the single run's")
            }
        }
    }

    @Test func exploredShardsMergeToTheSingleExplorationByteForByte() throws {
        // A seed past 2^53: the merge must carry it exactly, not through a Double.
        let command = [
            "explore", "corpus", "--edition", "book", "--seed", "9007199254740993",
            "--write-repros", "repros",
        ]
        try Self.checkShardsMergeToTheSingleRun(command: command, outputs: ["html", "junit"])
    }

    @Test func runShardsMergeToTheSingleRunByteForByte() throws {
        try Self.checkShardsMergeToTheSingleRun(command: ["run", "corpus", "--edition", "book"], outputs: ["junit"])
    }

    @Test func theShardsOfOneJobHoldEveryScenarioOnceDealtInTurn() throws {
        let folder = try Self.smallCorpus()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try CommandLineTests.harness(["run", "corpus"], in: folder)
        let all = whole.output.split(separator: "\n").filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") }
        #expect(all.count == 7)
        var seen: [Substring] = []
        for number in 1...4 {
            let shard = try CommandLineTests.harness(["run", "corpus", "--shard", "\(number)/4"], in: folder)
            let lines = shard.output.split(separator: "\n").filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") }
            #expect(lines == all.indices.filter { $0 % 4 == number - 1 }.map { all[$0] })
            #expect(
                shard.output.hasSuffix(
                    "\(lines.filter { $0.hasPrefix("PASS") }.count) passed, "
                        + "\(lines.filter { $0.hasPrefix("FAIL") }.count) failed\n"))
            seen += lines
        }
        #expect(seen.sorted() == all.sorted())
    }
}
