import Foundation
import Testing

/// `harness run --json`: what each scenario did, where, and the totals, as one JSON object.
@Suite struct RunReportTests {
    @Test func theJSONSaysWhatEachScenarioDidAndWhere() throws {
        let folder = try ShardMergeTests.smallCorpus()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "app checklists\nfault urls Documents no-url\nlaunch\n"
            .write(to: folder.appendingPathComponent("corpus/c/traps.scenario"), atomically: true, encoding: .utf8)
        let result = try CommandLineTests.harness(["run", "corpus", "--edition", "book", "--json"], in: folder)
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["edition"] as? String == "book")
        #expect(json["passed"] as? Int == 5 && json["failed"] as? Int == 3)
        #expect(json["shard"] == nil, "a whole run is no shard")
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        func scenario(_ name: String) throws -> [String: Any] {
            try #require(scenarios.first { $0["scenario"] as? String == "corpus/" + name })
        }
        #expect(scenarios.count == 8)
        let milk = try scenario("b/milk.scenario")
        #expect(milk["outcome"] as? String == "failed" && milk["passed"] as? Bool == false)
        #expect((milk["location"] as? [String: Any])?["line"] as? Int == 4)
        let failure = try #require(milk["failure"] as? [String: Any])
        #expect(failure["expected"] as? String == "[x] Milk" && failure["found"] as? String == "[ ] Milk")
        let broken = try scenario("b/broken.scenario")
        #expect(broken["outcome"] as? String == "invalid scenario")
        #expect((broken["errors"] as? [String])?.first?.hasPrefix("corpus/b/broken.scenario:2:1: unknown verb") == true)
        let traps = try scenario("c/traps.scenario")
        #expect(traps["outcome"] as? String == "trapped")
        #expect((traps["message"] as? String)?.contains("Index out of range") == true)
        #expect((traps["location"] as? [String: Any])?["line"] as? Int == 3)
        let expectedTrap = try scenario("a/documents-url-fails-once.scenario")
        #expect(expectedTrap["outcome"] as? String == "passed", "the book's trap is what the scenario expects")
        // The name as it is: JSON escapes it, the terminal lines are not printed.
        #expect(scenarios.contains { $0["scenario"] as? String == "corpus/c/quote\"<&>\u{1B}[31m.scenario" })
        #expect(!result.output.contains("PASS ") && CommandLineTests.rawControls(result.output).isEmpty)
    }

    @Test func theJSONAndJUnitCarryEachRunsVerdict() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("run.xml").path
        let file = "Scenarios/reports/history-read-error-taken-for-first-launch.scenario"
        let result = try CommandLineTests.harness(["run", "--edition", "book", "--json", "--junit", junit, file])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let scenario = try #require((json["scenarios"] as? [[String: Any]])?.first)
        #expect(scenario["verdict"] as? String == "silentOverwrite")
        #expect(
            (scenario["verdictMessage"] as? String)?.hasPrefix(
                "launch at line 8: @history holds data the app does not show") == true)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<property name=\"verdict\" value=\"silentOverwrite\"/>"))
        #expect(xml.contains("<failure type=\"silentOverwrite\""))
        let hardened = try CommandLineTests.harness(["run", "--json", file])
        #expect(hardened.status == 0 && hardened.output.contains("\"verdict\" : \"passed\""))
    }

    @Test func helpDescribesShardsMergeAndJUnit() throws {
        let help = try CommandLineTests.harness(["--help"])
        for words in ["harness merge SHARD.json", "--shard I/N", "--junit FILE"] {
            #expect(help.output.contains(words))
        }
    }
}
