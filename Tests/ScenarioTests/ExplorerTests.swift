import Foundation
import Testing

/// `harness explore` as a user runs it: JSON, reproductions, determinism.
@Suite struct ExplorerTests {
    static func explore(_ arguments: [String]) throws -> (status: Int32, json: [String: Any], text: String) {
        let result = try CommandLineTests.harness(["explore", "--json"] + arguments)
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        return (result.status, object ?? [:], result.output)
    }

    /// A fresh folder for `--write-repros`, not made yet: each test removes it.
    static func reproductionsFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("harness-repros-\(UUID().uuidString)")
    }

    /// Explores `arguments` on the book with reproductions written to `folder`, which must find a failure: the first
    /// run of class `outcome` that has a reproduction, and that reproduction's path and text.
    static func bookReproduction(
        _ arguments: [String], outcome: String, in folder: URL
    ) throws -> (run: [String: Any], path: String, text: String) {
        let (status, json, _) = try explore(arguments + ["--edition", "book", "--write-repros", folder.path])
        #expect(status == 1)
        let runs = json["runs"] as? [[String: Any]] ?? []
        let run = try #require(runs.first { $0["outcome"] as? String == outcome && $0["reproduction"] != nil })
        let path = try #require(run["reproduction"] as? String)
        return (run, path, try String(contentsOfFile: path, encoding: .utf8))
    }

    static func outcomes(_ json: [String: Any]) -> [String: Int] {
        (json["outcomes"] as? [String: Any])?.compactMapValues { $0 as? Int } ?? [:]
    }

    @Test func theHardenedEditionLosesNothingOnFirstLaunch() throws {
        let (status, json, _) = try Self.explore([
            "Scenarios/checklists/first-launch.scenario", "Scenarios/hiitfit/first-launch.scenario",
        ])
        let outcomes = Self.outcomes(json)
        #expect(status == 0)
        let classes: Set = [
            "passed", "alerted", "dataLoss", "silentOverwrite", "trap", "platformLoss", "hang",
            "harnessError",
        ]
        #expect(Set(outcomes.keys) == classes)
        #expect(outcomes["dataLoss"] == 0 && outcomes["silentOverwrite"] == 0 && outcomes["trap"] == 0)
        let schedules = try #require(json["schedules"] as? Int)
        #expect(schedules > 20)
        #expect((json["runs"] as? [Any])?.count == schedules)
    }

    @Test func theBookEditionTrapsWhenDocumentsCannotBeFoundAndTheReproductionReplaysIt() throws {
        let folder = Self.reproductionsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, json, _) = try Self.explore([
            "Scenarios/checklists/first-launch.scenario", "--edition", "book",
            "--write-repros", folder.path,
        ])
        #expect(status == 1)
        #expect((Self.outcomes(json)["trap"] ?? 0) > 0)
        let runs = json["runs"] as? [[String: Any]] ?? []
        let trap = try #require(runs.first { $0["outcome"] as? String == "trap" && $0["reproduction"] != nil })
        #expect((trap["message"] as? String)?.contains("Index out of range") == true)
        let reproduction = try #require(trap["reproduction"] as? String)
        let text = try String(contentsOfFile: reproduction, encoding: .utf8)
        #expect(text.contains("fault urls Documents no-url"))
        let replay = try CommandLineTests.harness(["run", "--edition", "book", reproduction])
        #expect(replay.status == 1)
        #expect(replay.output.contains("trapped: Fatal error: Index out of range"))
    }

    /// Shrinking keeps a smaller scenario only while it loses the same data: the first dataLoss of the book's
    /// every-change-is-saved, without its relaunch (where a read error is the first loss), is its edit, lost with the
    /// disk full, which a shrink to the add alone would not show.
    @Test func aReproductionLosesWhatTheExploredRunLost() throws {
        let folder = Self.reproductionsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOfFile: "Scenarios/checklists/every-change-is-saved.scenario", encoding: .utf8)
        let scenario = try CommandLineTests.temporaryScenario(
            text.replacingOccurrences(of: "kill\nlaunch\n", with: ""), name: "every-change.scenario")
        defer { try? FileManager.default.removeItem(at: scenario.deletingLastPathComponent()) }
        let (lost, _, reproduction) = try Self.bookReproduction([scenario.path], outcome: "dataLoss", in: folder)
        #expect((lost["fault"] as? String)?.contains("disk-full") == true, "\(lost)")
        #expect(reproduction.contains("item edit 0 Buy oat milk\n"), "\(reproduction)")
        #expect(reproduction.hasSuffix("expect items: [ ] Buy oat milk\n"), "\(reproduction)")
    }

    /// `run` stops at its first failing step, which may find a worse class than the explored run's: the reproduction
    /// says which, so its reader is not surprised.
    @Test func aFaultFreeTrapIsARunWithItsMessageAReproductionAndARedCell() throws {
        let folder = Self.reproductionsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("matrix.html")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (status, json, _) = try Self.explore([
            "Scenarios/reports/history-short-entry-traps-at-launch.scenario", "--edition", "book",
            "--write-repros", folder.path, "--html", page.path,
        ])
        #expect(status == 1)
        #expect(json["schedules"] as? Int == 1 && Self.outcomes(json)["trap"] == 1, "the totals count it")
        let runs = json["runs"] as? [[String: Any]] ?? []
        let trap = try #require(runs.first)
        #expect(trap["site"] as? String == "fault-free run" && trap["outcome"] as? String == "trap")
        #expect((trap["message"] as? String)?.contains("Index out of range") == true)
        let reproduction = try #require(trap["reproduction"] as? String)
        let text = try String(contentsOfFile: reproduction, encoding: .utf8)
        #expect(text.contains("in the fault-free run: trap (Fatal error: Index out of range"))
        #expect(!text.contains("\nfault ") && !text.contains("\nexpect "), "no fault, and the oracles judge it")
        let replay = try CommandLineTests.harness(["run", "--edition", "book", reproduction])
        #expect(replay.status == 1)
        #expect(replay.output.contains("FAIL [trap] \(reproduction): trapped: Fatal error: Index out of range"))
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<th class=\"op\">fault-free run</th><td style=\"background:#c0392b\""))
    }

    /// The older edition only writes what the explored one must read: no fault or lifecycle event lands in its
    /// process (process 1 here), so its flaws are not laid at the explored edition's door.
    @Test func anUpgradeIsExploredOnlyInTheExploredEditionsProcesses() throws {
        let (status, json, _) = try Self.explore(["Scenarios/checklists/upgrade-from-book.scenario"])
        #expect(status == 0)
        let runs = json["runs"] as? [[String: Any]] ?? []
        let sites = runs.compactMap { $0["site"] as? String }
        #expect(sites.count > 10)
        #expect(!sites.contains { $0.contains(" p1 ") }, "\(sites.filter { $0.contains(" p1 ") })")
        #expect(Self.outcomes(json)["dataLoss"] == 0 && Self.outcomes(json)["trap"] == 0)
    }

    /// The older edition's steps stay in the reproduction, and its header says which code a plain launch runs.
    @Test func aReproductionOfAnUpgradeKeepsTheOlderEditionAndReplays() throws {
        let folder = Self.reproductionsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, json, _) = try Self.explore([
            "Scenarios/checklists/upgrade-from-book.scenario", "--edition", "book", "--write-repros", folder.path,
        ])
        let runs = json["runs"] as? [[String: Any]] ?? []
        let reproduction = try #require(runs.compactMap { $0["reproduction"] as? String }.first)
        let text = try String(contentsOfFile: reproduction, encoding: .utf8)
        #expect(text.contains("\nlaunch edition book\n"))
        #expect(
            text.contains("# Each plain launch runs the edition the last 'launch edition' or 'upgrade' installed.\n"))
        #expect(try CommandLineTests.harness(["run", "--edition", "book", reproduction]).status == 1)
    }

    /// The fixture only `expect kept` used goes with the `expect` lines: left in, it was an unused fixture, no
    /// cut of the scenario parsed, and the trap had no reproduction.
    @Test func aReproductionLeavesOutTheFixturesOfTheStepsItLeavesOut() throws {
        let folder = Self.reproductionsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, json, _) = try Self.explore([
            "Scenarios/reports/people-garbage-traps-on-launch.scenario", "--edition", "book", "--write-repros",
            folder.path,
        ])
        #expect(status == 1)
        let runs = json["runs"] as? [[String: Any]] ?? []
        let reproduction = try #require(runs.compactMap { $0["reproduction"] as? String }.first)
        let text = try String(contentsOfFile: reproduction, encoding: .utf8)
        #expect(text.hasSuffix("app namestofaces\ndefaults set @people data 00 ff 13 37 de ad be ef\nlaunch\n"))
        let replay = try CommandLineTests.harness(["run", "--edition", "book", reproduction])
        #expect(replay.status == 1)
        #expect(replay.output.contains("trapped: Fatal error: There was a decoding error"))
    }

    @Test func theSameExplorationTwiceGivesIdenticalJSON() throws {
        let arguments = [
            "Scenarios/hiitfit/done-exercises-survive-relaunch.scenario", "--edition", "book", "--seed", "7",
        ]
        let first = try Self.explore(arguments)
        let second = try Self.explore(arguments)
        #expect(first.text == second.text)
        #expect(!first.text.isEmpty)
    }

    @Test func determinismVerificationReplaysEveryScheduleInASecondWorker() throws {
        let result = try CommandLineTests.harness([
            "explore", "--verify-determinism", "--edition", "book",
            "Scenarios/namestofaces/people-survive-background-and-kill.scenario",
            "Scenarios/checklists/every-change-is-saved.scenario",
        ])
        let line = try #require(result.output.split(separator: "\n").first { $0.hasPrefix("determinism:") })
        #expect(line.hasSuffix(", 0 differed"))
        let replayed = Int(line.split(separator: " ")[1]) ?? 0
        #expect(replayed > 100)
    }
}
