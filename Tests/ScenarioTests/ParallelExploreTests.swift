import Foundation
import Testing

/// `explore --jobs N`: schedules run side by side, and every report is the one a single worker gives.
@Suite struct ParallelExploreTests {
    /// Explores the small corpus with `--jobs` at `jobs`; answers every output it wrote, by name.
    static func explore(jobs: Int, in folder: URL) throws -> (status: Int32, files: [String: Data]) {
        let repros = folder.appendingPathComponent("r")
        try? FileManager.default.removeItem(at: repros)
        // A one-letter folder name too: Foundation on Linux once trapped on it.
        let run = try CommandLineTests.harness(
            [
                "explore", "corpus", "--edition", "book", "--jobs", "\(jobs)",
                "--json", "--html", "page.html", "--junit", "junit.xml",
                "--write-repros", "r", "--verify-determinism",
            ], in: folder)
        #expect(run.errors.isEmpty, "\(run.errors)")
        var files = try ShardMergeTests.contents(["page.html", "junit.xml"], in: folder)
        files["json"] = Data(run.output.utf8)
        for name in try FileManager.default.contentsOfDirectory(atPath: repros.path) {
            files["r/" + name] = try Data(contentsOf: repros.appendingPathComponent(name))
        }
        return (run.status, files)
    }

    @Test func twoJobsWriteTheSameReportsAsOneByteForByte() throws {
        let folder = try ShardMergeTests.smallCorpus()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = try Self.explore(jobs: 1, in: folder)
        let two = try Self.explore(jobs: 2, in: folder)
        #expect(one.status == 1, "the small corpus holds failures")
        #expect(two.status == one.status)
        #expect(one.files.keys.contains { $0.hasPrefix("r/") }, "failures were shrunk to reproductions")
        // Traps too: a lane whose worker dies mid-run must not shift any verdict.
        #expect(String(decoding: one.files["json"] ?? Data(), as: UTF8.self).contains("\"outcome\" : \"trap\""))
        #expect(two.files.keys.sorted() == one.files.keys.sorted())
        for (name, data) in one.files {
            #expect(two.files[name] == data, "\(name) is the same with --jobs 2 as with --jobs 1")
        }
    }

    @Test(arguments: ["0", "-1", "two", "65", "1.5"])
    func aWrongJobCountStopsWithStatusTwo(value: String) throws {
        let result = try CommandLineTests.harness(["explore", "Scenarios", "--jobs", value])
        #expect(result.status == 2)
        #expect(
            result.errors == "harness: invalid value for '--jobs': expected a number of workers from 1 to 64, "
                + "found '\(value)'\(CommandLineTests.help)\n")
        #expect(result.output.isEmpty)
    }
}
