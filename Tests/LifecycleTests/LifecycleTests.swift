import Foundation
import HarnessTesting
import Testing

/// The explorer's lifecycle schedules, as a user runs them: `BackgroundSaveCLI` is Checklists with an edition
/// registered through the plug-in API that saves only when the app goes to the background (and its own worker).
enum BackgroundSave {
    static let cli = BuildProducts.executable(named: "BackgroundSaveCLI")
    static let scenario = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios/checklists/every-change-is-saved.scenario").path

    /// One run of `explore --json`, as far as these tests read it.
    struct Run: Decodable {
        var site: String
        var column: String
        var fault: String
        var outcome: String
        var reproduction: String?
    }

    struct Report: Decodable {
        var runs: [Run]
    }

    static func explore(
        _ scenario: String = scenario, edition: String, _ arguments: [String] = []
    ) throws -> (status: Int32, runs: [Run]) {
        let result = try ExecutableRun(cli, ["explore", scenario, "--edition", edition, "--json"] + arguments)
        let report = try JSONDecoder().decode(Report.self, from: Data(result.output.utf8))
        return (result.status, report.runs)
    }

    /// The steps of the scenario after which the app is running, as the explorer names them.
    static let runningSteps = [
        "line 3: launch", "line 4: item add Buy milk", "line 5: item add Walk the dog", "line 6: item toggle 1",
        "line 7: item edit 0 Buy oat milk", "line 8: item add Call mum", "line 9: item delete 2", "line 11: launch",
    ]
    static let columns = ["kill after step", "background+kill after step", "power-loss after step"]

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

@Suite struct LifecycleTests {
    @Test func aKillAfterAnAddLosesTheItemOfAnEditionThatSavesOnlyOnBackgrounding() throws {
        let folder = try BackgroundSave.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // No kill in the script: the fault-free run passes, and only the lifecycle schedules find the loss.
        let scenario = folder.appendingPathComponent("adds.scenario")
        try "app checklists\nlaunch\nitem add Buy milk\nitem add Walk the dog\nitem toggle 1\n"
            .write(to: scenario, atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("matrix.html")
        let junit = folder.appendingPathComponent("junit.xml")
        let (status, runs) = try BackgroundSave.explore(
            scenario.path, edition: "on-background",
            ["--write-repros", folder.path, "--html", page.path, "--junit", junit.path])
        #expect(status == 1)
        #expect(runs.first?.site == "fault-free run" && runs.first?.outcome == "passed")
        func outcome(after site: String, _ column: String) -> String? {
            runs.first { $0.site == site && $0.column == column }?.outcome
        }
        for site in ["line 3: item add Buy milk", "line 4: item add Walk the dog", "line 5: item toggle 1"] {
            #expect(outcome(after: site, "kill after step") == "dataLoss", "\(site)")
            #expect(outcome(after: site, "power-loss after step") == "dataLoss", "\(site)")
            #expect(outcome(after: site, "background+kill after step") == "passed", "\(site)")
        }
        // Nothing was acknowledged yet when the app is killed right after its first launch.
        #expect(outcome(after: "line 2: launch", "kill after step") == "passed")
        #expect(runs.filter { $0.outcome == "dataLoss" && $0.column.hasSuffix("after step") }.count == 6)
        // A Documents lookup that fails for good fails every save at background with no word to the user: the
        // relaunch after the fault finds Buy milk gone.
        let lost = try #require(runs.first { $0.outcome == "dataLoss" && $0.reproduction != nil })
        #expect(lost.fault == "fault urls Documents no-url every")
        let reproduction = try #require(lost.reproduction)
        let text = try String(contentsOfFile: reproduction, encoding: .utf8)
        #expect(
            text.hasSuffix(
                "app checklists\nfault urls Documents no-url every\nlaunch\nitem add Buy milk\nbackground\nkill\n"
                    + "faults clear\nlaunch\nexpect items: [ ] Buy milk\n"),
            "\(text)")
        let replay = try ExecutableRun(BackgroundSave.cli, ["run", "--edition", "on-background", reproduction])
        #expect(replay.status == 1 && replay.output.hasPrefix("FAIL [dataLoss]"), "\(replay.output)")

        // The matrix has a row for the step, whose `kill after step` cell is the loss; CI names the step.
        let html = try String(contentsOf: page, encoding: .utf8)
        let row = try #require(html.components(separatedBy: "\n").first { $0.contains(">line 3: item add Buy milk<") })
        #expect(html.contains("<th>kill after step</th>"))
        #expect(row.contains("title=\"kill: dataLoss (relaunch after the fault: items: [ ] Buy milk acknowledged"))
        #expect(row.contains("title=\"background; kill: passed\""))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(
            xml.contains("adds.scenario:2:1: 11 of 61 schedules dataLoss; first: #2 p1 urls Documents: 1 URL with"),
            "\(xml)")
    }

    /// The corpus scenario kills the app itself: the oracle of every run finds the loss in the fault-free run.
    @Test func theFaultFreeRunOfAScenarioThatKillsFindsTheBackgroundOnlySave() throws {
        let (status, runs) = try BackgroundSave.explore(edition: "on-background")
        #expect(status == 1)
        let faultFree = try #require(runs.first)
        #expect(faultFree.site == "fault-free run" && faultFree.outcome == "dataLoss")
        #expect(faultFree.reproduction == nil, "written only with --write-repros")
    }

    @Test func theHardenedEditionLosesNothingAfterAnyStepOfTheSameScenario() throws {
        let (status, runs) = try BackgroundSave.explore(edition: "hardened")
        #expect(status == 0)
        let lifecycle = runs.filter { BackgroundSave.columns.contains($0.column) }
        #expect(lifecycle.map(\.site) == BackgroundSave.runningSteps.flatMap { Array(repeating: $0, count: 3) })
        #expect(lifecycle.map(\.column) == Array([[String]](repeating: BackgroundSave.columns, count: 8).joined()))
        #expect(lifecycle.allSatisfy { $0.outcome == "passed" }, "\(lifecycle.map(\.outcome))")
        #expect(!runs.contains { $0.outcome == "dataLoss" })
    }
}
