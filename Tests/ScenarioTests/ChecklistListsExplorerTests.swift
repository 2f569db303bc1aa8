import Foundation
import Testing

/// The explorer on Checklists' lists variant: its lists and items are judged as the user's data.
@Suite struct ChecklistListsExplorerTests {
    static let scenarios = [
        "Scenarios/checklists/lists-rename-kept-when-killed.scenario",
        "Scenarios/checklists/lists-upgrade-ids-kept.scenario",
    ]

    @Test func theHardenedDataModelLosesNoListAndNoItem() throws {
        let (status, json, _) = try ExplorerTests.explore(Self.scenarios)
        let outcomes = ExplorerTests.outcomes(json)
        #expect(status == 0)
        #expect(outcomes["dataLoss"] == 0 && outcomes["silentOverwrite"] == 0 && outcomes["trap"] == 0)
        #expect((json["schedules"] as? Int ?? 0) > 100)
    }

    @Test func aListTheBookSavesOnlyAtBackgroundIsLostAndItsReproductionNamesTheLists() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "harness-repros-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, json, _) = try ExplorerTests.explore([
            Self.scenarios[0], "--edition", "book", "--write-repros", folder.path,
        ])
        #expect(status == 1)
        #expect((ExplorerTests.outcomes(json)["dataLoss"] ?? 0) > 0)
        let runs = json["runs"] as? [[String: Any]] ?? []
        let loss = try #require(runs.first { $0["outcome"] as? String == "dataLoss" && $0["reproduction"] != nil })
        // Lost with no fault at all: the fault-free run's own verdict, which names the list.
        #expect(loss["site"] as? String == "fault-free run")
        #expect((loss["message"] as? String)?.contains("lists: Groceries acknowledged at line") == true)
        let text = try String(contentsOfFile: try #require(loss["reproduction"] as? String), encoding: .utf8)
        #expect(text.contains("app checklists lists\n"))
        #expect(!text.contains("expect items"), "the lists variant's rows show only in an open list")
    }
}
