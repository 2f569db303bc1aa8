import Foundation
import Sandbox
import Testing

@testable import HarnessBench

/// The bench's statistics, on made-up measurements: what is reported and how it is judged.
@Suite struct BenchStatisticsTests {
    @Test func spreadOfAnOddCountIsItsMiddleValue() throws {
        let spread = try #require(Spread([3.0, 9.0, 1.0, 4.0, 2.0]))
        #expect([spread.min, spread.median, spread.max] == [1, 3, 9])
    }

    @Test func spreadOfAnEvenCountTakesTheMeanOfTheTwoMiddleValues() throws {
        let spread = try #require(Spread([10.0, 2.0, 4.0, 1.0]))
        #expect([spread.min, spread.median, spread.max] == [1, 3, 10])
    }

    @Test func noValuesGiveNoSpread() {
        #expect(Spread([]) == nil)
    }

    @Test func workloadsRunInTheGivenOrderThenReversedRoundAfterRound() throws {
        var calls: [String] = []
        let costs = try Rounds.measure(
            4,
            ["A", "B", "C"].enumerated().map { index, name in
                {
                    calls.append(name)
                    return Double(index * 100 + calls.count)
                }
            })
        #expect(calls.joined() == "ABCCBAABCCBA")
        // Each cost stays in its workload's column whatever order the round ran in.
        #expect(costs == [[1, 102, 203], [6, 105, 204], [7, 108, 209], [12, 111, 210]])
    }

    @Test func aFigureIsJudgedOnItsMedianNotItsBestRound() throws {
        #expect(try figure([1.1, 1.9, 1.4, 2.2, 1.6], .atMost(1.25)).met == false)
        #expect(try figure([40, 55, 61], .atLeast(50)).met == true)
        #expect(try figure([1.6, 1.5, 0.9], .atMost(1.5)).met == true)
        #expect(try figure([45, 49.9, 80], .atLeast(50)).met == false)
    }

    @Test func aFigureWithoutTargetIsNeitherMetNorMissed() throws {
        #expect(try figure([3, 4, 5], nil).met == nil)
    }

    @Test func aRoundWithoutAUsableValueGivesNoFigure() {
        #expect(throws: BenchError.self) { try figure([1.2, .infinity, 1.1], .atMost(1.5)) }
        #expect(throws: BenchError.self) { try figure([1.2, .nan, 1.1], .atMost(1.5)) }
        #expect(throws: BenchError.self) { try figure([], .atMost(1.25)) }
    }

    @Test func jsonGivesEveryFigureItsSpreadTargetVerdictAndWhatItDivides() throws {
        let data = try JSONEncoder().encode([try figure([2.0, 1.0, 3.0], .atMost(1.25)), try figure([4.0], nil)])
        let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(objects[0]["min"] as? Double == 1)
        #expect(objects[0]["median"] as? Double == 2)
        #expect(objects[0]["max"] as? Double == 3)
        #expect(objects[0]["rounds"] as? [Double] == [2, 1, 3])
        #expect(objects[0]["target"] as? String == "<= 1.25")
        #expect(objects[0]["met"] as? Bool == false)
        #expect(objects[0]["divides"] as? String == "explored / app alone")
        // A figure with no target says so with nulls, not missing keys.
        #expect(objects[1]["target"] is NSNull)
        #expect(objects[1]["met"] is NSNull)
    }

    @Test func theAppDecodesOncePerTwoCleanReadsAndEncodesOncePerSave() throws {
        let log = try [
            operation(1, .read, "Library/Preferences/com.example.HIITFit.plist", result: "ok", platform: true),
            operation(1, .read, "Documents/history.plist", result: "corrupted (fault)"),
            operation(1, .read, "Documents/history.plist", result: "ok"),
            operation(1, .read, "Documents/history.plist", result: "ok"),
            operation(1, .write, "Documents/.dat.nosync1", target: "Documents/history.plist", result: "threw ENOSPC"),
            operation(1, .write, "Documents/.dat.nosync2", target: "Documents/history.plist", result: "ok"),
            operation(1, .write, "Documents/history.plist.unreadable-1", result: "ok"),
            // One clean read in each launch: neither launch decoded.
            operation(2, .read, "Documents/history.plist", result: "ok"),
            operation(2, .read, "Documents/history.plist", result: "ok, then crash (kill)"),
            operation(3, .read, "Documents/history.plist", result: "ok"),
            operation(3, .read, "Documents/history.plist", result: "threw EIO"),
            // Two reads given the same bytes of another shape agree too, and the app decodes those.
            operation(4, .read, "Documents/history.plist", result: "ok"),
            operation(4, .read, "Documents/history.plist", result: "wrong type (fault)"),
            operation(4, .read, "Documents/history.plist", result: "wrong type (fault)"),
        ]
        #expect(AppSerialization.calls(in: log) == AppSerialization.Calls(decodes: 2, encodes: 2))
    }

    /// A log entry, made the way a worker's answer carries it.
    private func operation(
        _ process: Int, _ kind: OperationKind, _ path: String, target: String? = nil,
        result: String, platform: Bool = false
    ) throws -> OperationRecord {
        var fields: [String: Any] = [
            "number": 0, "process": process, "kind": kind.rawValue, "path": path,
            "result": result, "platform": platform,
        ]
        fields["target"] = target
        return try JSONDecoder().decode(OperationRecord.self, from: JSONSerialization.data(withJSONObject: fields))
    }

    private func figure(_ rounds: [Double], _ target: BenchFigure.Target?) throws -> BenchFigure {
        try BenchFigure(name: "figure", rounds: rounds, target: target, divides: "explored / app alone", detail: "")
    }
}
