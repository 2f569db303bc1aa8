import Foundation
import Testing

/// `harness merge` refuses what is not every shard of one job, each once, with one line naming the files.
extension ShardMergeTests {
    /// Writes the `--json` output of `arguments` to `name` in `folder`.
    static func report(_ arguments: [String], to name: String, in folder: URL) throws {
        let result = try CommandLineTests.harness(arguments + ["--json"], in: folder)
        #expect(result.status != 2, "\(result.errors)")
        try Data(result.output.utf8).write(to: folder.appendingPathComponent(name))
    }

    @Test func mergeRefusesShardsThatAreNotEveryPartOfOneJobOnce() throws {
        let folder = try Self.smallCorpus()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = ["run", "corpus/a", "corpus/c"]
        try Self.report(run + ["--shard", "1/2"], to: "1.json", in: folder)
        try Self.report(run + ["--shard", "2/2"], to: "2.json", in: folder)
        try Self.report(run + ["--shard", "2/3"], to: "2-of-3.json", in: folder)
        try Self.report(run + ["--shard", "2/2", "--edition", "book"], to: "book.json", in: folder)
        try Self.report(run + ["--shard", "2/2", "--seed", "7"], to: "seed.json", in: folder)
        try Self.report(run + ["--shard", "2/2", "--trace"], to: "trace.json", in: folder)
        try Self.report(["run", "corpus/a", "corpus/b", "--shard", "2/2"], to: "other.json", in: folder)
        try Self.report(run, to: "whole.json", in: folder)
        try Self.report(
            ["explore", "corpus/a/first-launch.scenario", "--shard", "2/2"], to: "explore.json",
            in: folder)
        try "PASS corpus/a/first-launch.scenario\n".write(
            to: folder.appendingPathComponent("text.json"),
            atomically: true, encoding: .utf8)
        // Shard 2's report with its scenarios gone: it no longer holds its share.
        var emptied = try #require(
            JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("2.json"))) as? [String: Any])
        emptied["scenarios"] = [Any]()
        try JSONSerialization.data(withJSONObject: emptied).write(to: folder.appendingPathComponent("emptied.json"))
        // Shard 2's report as another build of the harness made it.
        var rebuilt = try #require(
            JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("2.json"))) as? [String: Any])
        var label = try #require(rebuilt["shard"] as? [String: Any])
        let build = try #require(label["build"] as? String)
        #expect(build.hasPrefix("debug ") || build.hasPrefix("release "), "the configuration, then the linker's id")
        label["build"] = "release 0123abcd"
        rebuilt["shard"] = label
        try JSONSerialization.data(withJSONObject: rebuilt).write(to: folder.appendingPathComponent("rebuilt.json"))

        let refusals: [([String], String)] = [
            (["1.json"], "cannot merge: shard 2/2 is missing"),
            (["1.json", "2.json", "1.json"], "cannot merge: shard 1/2 is given twice: '1.json' and '1.json'"),
            (
                ["1.json", "2-of-3.json"],
                "cannot merge: '1.json' and '2-of-3.json' are shards of different splits "
                    + "(1/2 and 2/3)"
            ),
            (
                ["1.json", "book.json"],
                "cannot merge: '1.json' and 'book.json' ran different editions "
                    + "(hardened and book)"
            ),
            (["1.json", "seed.json"], "cannot merge: '1.json' and 'seed.json' used different seeds (0 and 7)"),
            (
                ["1.json", "rebuilt.json"],
                "cannot merge: '1.json' and 'rebuilt.json' were made by different builds "
                    + "(\(build) and release 0123abcd)"
            ),
            (
                ["1.json", "trace.json"],
                "cannot merge: '1.json' and 'trace.json' were made with different options "
                    + "(none and --trace)"
            ),
            (
                ["1.json", "other.json"],
                "cannot merge: '1.json' and 'other.json' were made from different scenario "
                    + "files ('corpus/c/load-io-error.scenario' and 'corpus/b/broken.scenario')"
            ),
            (["1.json", "whole.json"], "cannot merge 'whole.json': it was made without '--shard'"),
            (
                ["1.json", "explore.json"],
                "cannot merge: '1.json' is a report of 'harness run' and 'explore.json' "
                    + "of 'harness explore'"
            ),
            (
                ["1.json", "text.json"],
                "cannot merge 'text.json': not a '--json' report of 'harness run' or "
                    + "'harness explore' (not JSON)"
            ),
            (["1.json", "emptied.json"], "cannot merge: 'emptied.json' does not hold the scenarios of shard 2/2"),
            (["1.json", "nowhere.json"], "cannot read 'nowhere.json': no such file"),
        ]
        for (files, message) in refusals {
            let result = try CommandLineTests.harness(["merge"] + files + ["--junit", "junit.xml"], in: folder)
            #expect(result.status == 2)
            #expect(result.errors == "harness: \(message)\n")
            #expect(result.output.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("junit.xml").path))
        }
        let html = try CommandLineTests.harness(["merge", "1.json", "2.json", "--html", "matrix.html"], in: folder)
        #expect(html.status == 2)
        #expect(
            html.errors == "harness: '--html' draws explore reports; '1.json' is a report of 'harness run'"
                + CommandLineTests.help + "\n")
        let merged = try CommandLineTests.harness(["merge", "2.json", "1.json"], in: folder)
        #expect(merged.status == 0)
        #expect(merged.output == (try String(contentsOf: folder.appendingPathComponent("whole.json"), encoding: .utf8)))
    }

    static let expectedShard =
        "invalid value for '--shard': expected I/N, part I of N parts (1 ≤ I ≤ N ≤ 1000), found "

    /// Each mistake in `--shard` or `merge`'s words, and the one line it gets.
    @Test(arguments: [
        (["run", "--shard", "0/3"], expectedShard + "'0/3'"),
        (["explore", "Scenarios", "--shard", "4/3"], expectedShard + "'4/3'"),
        (["run", "--shard", "2"], expectedShard + "'2'"),
        (["run", "--shard", "-1/2"], expectedShard + "'-1/2'"),
        (["run", "--shard", "1/99999999999999999999"], expectedShard + "'1/99999999999999999999'"),
        (["run", "--shard", "1/1001"], expectedShard + "'1/1001'"),
        (["explore", "Scenarios", "--shard"], "missing value for '--shard'"),
        (["merge"], "'merge' needs the JSON report of every shard"),
        (["merge", "a.json", "--bogus"], "unknown option '--bogus' for 'merge'"),
    ])
    func aWrongShardOrMergeFlagStopsWithStatusTwo(arguments: [String], message: String) throws {
        let result = try CommandLineTests.harness(arguments)
        #expect(result.status == 2)
        #expect(result.errors == "harness: \(message)\(CommandLineTests.help)\n")
        #expect(result.output.isEmpty)
    }
}
