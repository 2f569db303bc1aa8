import Foundation
import Testing

/// `harness bench` as a user runs it: its cheapest group for two rounds end to end, and bad flags.
@Suite struct BenchCommandTests {
    @Test func anUnknownGroupIsAnErrorNamingTheFlagAndTheGroups() throws {
        let result = try CommandLineTests.harness(["bench", "--only", "speed"])
        #expect(result.status == 2)
        #expect(result.errors.contains("unknown group 'speed' for '--only'"), "\(result.errors)")
        #expect(result.errors.contains("scale, overhead, live, crash, trap, launch"), "\(result.errors)")
    }

    @Test func noRoundsIsAnErrorNamingTheFlag() throws {
        let result = try CommandLineTests.harness(["bench", "--rounds", "0"])
        #expect(result.status == 2)
        let message = "invalid value for '--rounds': expected a number of rounds from 1 to 1000, found '0'"
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test func theLiveGroupReportsItsSpreadOverItsRounds() throws {
        let result = try CommandLineTests.harness(["bench", "--only", "live", "--rounds", "2", "--json"])
        #expect(result.status == 0, "\(result.errors)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let figures = try #require(output["figures"] as? [[String: Any]])
        try #require(figures.count == 1)
        let figure = figures[0]
        #expect(figure["name"] as? String == "simulatedVsLive")
        let rounds = try #require(figure["rounds"] as? [Double])
        let spread = try #require([figure["min"], figure["median"], figure["max"]] as? [Double])
        #expect(rounds.count == 2)
        #expect(spread[0] == rounds.min() && spread[2] == rounds.max())
        #expect(spread[0] <= spread[1] && spread[1] <= spread[2] && spread[0] > 0)
        #expect((figure["divides"] as? String)?.contains(" / ") == true)
    }

    /// The crash group shares the worker's start out over the states, and also gives what each state adds.
    @Test func theCrashGroupGivesTheCostPerStateAndTheCostEachStateAdds() throws {
        let result = try CommandLineTests.harness(["bench", "--only", "crash", "--rounds", "1", "--json"])
        #expect(result.status == 0, "\(result.errors)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let figures = try #require(output["figures"] as? [[String: Any]])
        #expect(figures.map { $0["name"] as? String } == ["crashStatesInProcessSpeedup", "crashStatesAddedSpeedup"])
        try #require(figures.count == 2)
        #expect(figures[0]["target"] as? String == ">= 50")
        #expect(figures[1]["target"] is NSNull, "a figure to read the first by has no target of its own")
        let perState = try #require(figures[0]["median"] as? Double)
        let added = try #require(figures[1]["median"] as? Double)
        #expect(added > perState, "each state adds less than its share of the whole exploration")
        #expect((figures[0]["detail"] as? String)?.contains("of which exploring no state costs") == true)
    }
}
