import Foundation
import HarnessTesting
import Testing

/// `harness` as a user runs it: exit statuses and messages.
@Suite struct CommandLineTests {
    static func harness(_ arguments: [String], in folder: URL? = nil) throws -> ExecutableRun {
        try ExecutableRun(Corpus.harness, arguments, in: folder ?? Corpus.root.deletingLastPathComponent())
    }

    static func temporaryScenario(_ text: String, name: String = "broken.scenario") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["run", "--edition", "paperback"], "unknown edition 'paperback' for '--edition'"),
        (["run", "--seed", "x"], "'--seed' expects a whole number, found 'x'"),
        (["run", "--edition"], "missing value for '--edition'"),
        (["explore"], "'explore' needs at least one scenario file or folder"),
        (["explore", "Scenarios", "--json", "--fast"], "unknown option '--fast' for 'explore'"),
        (["run", "no/such/place"], "no such file or folder 'no/such/place'"),
    ])
    func badFlagsExitWithStatusTwo(arguments: [String], message: String) throws {
        let result = try Self.harness(arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test func helpDescribesEveryCommand() throws {
        let result = try Self.harness(["--help"])
        #expect(result.status == 0)
        for word in ["harness explore", "--edition", "--trace", "--live", "--write-repros", "--json"] {
            #expect(result.output.contains(word))
        }
    }

    @Test func aBrokenExpectationIsReportedAtItsLine() throws {
        let file = try Self.temporaryScenario("""
            app checklists
            launch
            item add Milk
            expect items: [x] Milk
            """)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try Self.harness(["run", file.path])
        #expect(result.status == 1)
        #expect(result.output.contains("\(file.path):4:1: expect items: [x] Milk"))
        #expect(result.output.contains("expected: [x] Milk"))
        #expect(result.output.contains("found:    [ ] Milk"))
        #expect(result.output.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func aMalformedScenarioFailsWithFileLineColumn() throws {
        let file = try Self.temporaryScenario("app hiitfit\nlanch\n")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try Self.harness(["run", file.path])
        #expect(result.status == 1)
        #expect(result.output.contains("\(file.path):2:1: unknown verb 'lanch'"))
    }

    @Test func traceShowsEveryStepWithItsOperations() throws {
        let result = try Self.harness(["run", "--trace", "Scenarios/checklists/first-launch.scenario"])
        #expect(result.status == 0)
        #expect(result.output.contains("> 3: launch"))
        #expect(result.output.contains("read Documents/Checklists.plist: threw NSCocoaErrorDomain 260 (ENOENT)"))
    }

    @Test func aTrapEndsOnlyItsScenario() throws {
        let trapping = try Self.temporaryScenario("""
            app checklists
            fault urls Documents no-url
            launch
            """, name: "a-traps.scenario")
        let folder = trapping.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "app checklists\nlaunch\nexpect items empty\n".write(to: folder.appendingPathComponent("b-passes.scenario"), atomically: true, encoding: .utf8)
        let result = try Self.harness(["run", "--edition", "book", folder.path])
        #expect(result.status == 1)
        #expect(result.output.contains("a-traps.scenario: trapped: Fatal error: Index out of range"))
        #expect(result.output.contains("PASS \(folder.path)/b-passes.scenario"))
        #expect(result.output.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func liveRunsAgreeWithTheSimulatedWorldAndLeaveNoFolderBehind() throws {
        let temporary = FileManager.default.temporaryDirectory.path
        func liveFolders() -> Set<String> {
            Set(((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).filter { $0.hasPrefix("harness-live-") })
        }
        let before = liveFolders()
        let result = try Self.harness(["run", "--live", "Scenarios/checklists/every-change-is-saved.scenario",
                                       "Scenarios/hiitfit/done-exercises-survive-relaunch.scenario"])
        #expect(result.status == 0)
        #expect(!result.output.contains("live:"))
        #expect(result.output.hasSuffix("2 passed, 0 failed\n"))
        #expect(liveFolders().subtracting(before).isEmpty)
    }
}
