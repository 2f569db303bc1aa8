import Foundation
import Testing

/// How the oracles judge the explorer's lifecycle schedules on the shipped apps' hardened editions.
@Suite struct LifecycleJudgementTests {
    /// Each lifecycle run of `scenario`, by the step it follows and its event's lines.
    static func lifecycleOutcomes(
        _ scenario: String, edition: String? = nil
    ) throws -> (status: Int32, outcomes: [String: String]) {
        let (status, json, _) = try ExplorerTests.explore([scenario] + (edition.map { ["--edition", $0] } ?? []))
        var outcomes: [String: String] = [:]
        for run in json["runs"] as? [[String: Any]] ?? [] {
            guard let column = run["column"] as? String, column.hasSuffix(" after step"),
                let site = run["site"] as? String, let fault = run["fault"] as? String
            else { continue }
            outcomes["\(site) | \(fault)"] = run["outcome"] as? String
        }
        return (status, outcomes)
    }

    @Test func aRatingThePlatformNeverFlushedIsAPlatformLossNotTheAppsDataLoss() throws {
        let (status, outcomes) = try Self.lifecycleOutcomes(
            "Scenarios/hiitfit/rating-lost-when-store-never-flushes.scenario")
        #expect(status == 0)
        for event in ["kill", "background; kill", "power-loss"] {
            #expect(outcomes["line 6: rate Squat 3 | \(event)"] == "platformLoss", "\(outcomes)")
        }
        #expect(outcomes["line 5: launch | kill"] == "passed")
    }

    /// A deletion the app acknowledged is a change a kill must not undo: the book's Names to Faces never
    /// synchronizes its defaults, so a kill right after the delete brings the person back (the platform's loss);
    /// the hardened edition synchronizes, and the person stays gone.
    @Test func aPersonDeletedThenBackAfterAKillIsALoss() throws {
        let scenario = "Scenarios/namestofaces/delete-survives-kill.scenario"
        let book = try Self.lifecycleOutcomes(scenario, edition: "book").outcomes
        #expect(book["line 8: person delete 0 | kill"] == "platformLoss", "\(book)")
        let hardened = try Self.lifecycleOutcomes(scenario, edition: "hardened").outcomes
        #expect(hardened["line 8: person delete 0 | kill"] == "passed", "\(hardened)")
    }

    /// The item an alert said was not saved is still on screen after `faults clear`, which saves nothing:
    /// losing it to a kill there is no loss of an acknowledged change; after the next save it is one. (Each run is
    /// `alerted`: the alert at line 13 is part of it.)
    @Test func aChangeAnAlertRefusedNeedNotSurviveUntilASaveAcknowledgesIt() throws {
        let (status, outcomes) = try Self.lifecycleOutcomes("Scenarios/checklists/documents-url-fails-on-save.scenario")
        #expect(status == 0)
        for event in ["kill", "background; kill", "power-loss"] {
            #expect(outcomes["line 16: faults clear | \(event)"] == "alerted", "\(outcomes)")
            #expect(outcomes["line 17: item toggle 0 | \(event)"] == "alerted", "\(outcomes)")
        }
        #expect(outcomes["line 13: item add Call mum | kill"] == "alerted")
        #expect(!outcomes.values.contains("dataLoss"))
    }
}
