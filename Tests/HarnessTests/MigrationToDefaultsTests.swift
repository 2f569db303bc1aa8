import Foundation
import Sandbox
import Testing

@testable import Harness

/// A port that moves its notes from a file into the key-value store: removing the file before the store has
/// flushed gives up the only lasting copy, so a kill then is the app's loss, not the platform's.
@Suite struct MigrationToDefaultsTests {
    static let plugin = AppPlugin(
        name: "prefnotes", bundleIdentifier: "com.example.PrefNotes",
        stores: [.defaults("notes", key: "notes")],
        observations: [ObservationDeclaration(name: "notes", store: "notes", comparison: .entries)],
        actions: [], checks: [],
        editions: ["removes-first", "flushes-first", "flags-first", "file"].map { name in
            AppEdition(name: name, summary: "moves notes.txt into the store, \(name)") {
                Driver(env: $0.environment, edition: name)
            }
        })

    final class Driver: AppDriver {
        let notes: [String]

        /// `file` only reads notes.txt; `flags-first` marks the move done before it moves anything.
        init(env: AppEnvironment, edition: String) {
            let file = env.files.urls(for: .documents)[0].appendingPathComponent("notes.txt")
            let stored = env.defaults.object(forKey: "notes") as? [String] ?? []
            guard edition == "file" || env.defaults.object(forKey: "moved") as? Bool != true,
                let text = try? env.files.string(contentsOf: file, encoding: .utf8)
            else {
                notes = stored
                return
            }
            notes = text.split(separator: "\n").map(String.init)
            guard edition != "file" else { return }
            if edition == "flags-first" { env.defaults.set(true, forKey: "moved") }
            env.defaults.set(notes, forKey: "notes")
            if edition != "removes-first" { env.defaults.synchronize() }
            try? env.files.removeItem(at: file)
        }

        func perform(_ action: PluginValue) throws(ActionError) { throw ActionError("no actions") }

        func observe() -> Observation { Observation(values: ["notes": .list(notes.map { .text($0) })]) }

        func evaluate(_ check: AppCheck, in context: CheckContext) -> CheckFinding {
            CheckFinding(holds: false, found: "no checks")
        }
    }

    static func run(_ edition: String) throws -> RunResult {
        let text = "app prefnotes\nfile Documents/notes.txt\nlaunch\nkill\nlaunch\n-- Documents/notes.txt --\nMilk\n"
        let scenario = try ScenarioParser.parse(text, file: "m.scenario", plugins: try PluginRegistry([plugin]))
        return ScenarioRunner(edition: edition).run(scenario)
    }

    @Test func aFileRemovedBeforeTheStoreFlushedIsTheAppsLoss() throws {
        let lost = try Self.run("removes-first")
        #expect(lost.verdict == .dataLoss)
        #expect(lost.verdictMessage?.hasPrefix("relaunch at line 5: notes \"Milk\"") == true)
        #expect(try Self.run("flushes-first").verdict == .passed)
    }

    /// A flag the store keeps, once the platform has written it, though the app died before it moved the notes: the
    /// explorer's crash-after-flush finds the notes the flag then hides for good.
    @Test func aFlagTheStoreKeptAheadOfTheMoveHidesTheNotes() throws {
        let scenario = try ScenarioParser.parse(
            "app prefnotes\nfile Documents/notes.txt\nlaunch edition file\nupgrade\n-- Documents/notes.txt --\nMilk\n",
            file: "m.scenario", plugins: try PluginRegistry([Self.plugin]))
        func outcome(_ edition: String) throws -> OutcomeClass {
            let rule = FaultRule(
                kind: .set, path: PathPattern("defaults:*"), occurrence: .nth(1), fault: .crashAfterFlush(.kill))
            return ScenarioRunner(edition: edition, mode: .exploring(faults: [rule], lifecycle: nil)).run(scenario)
                .judged.outcome
        }
        #expect(try outcome("flags-first") == .dataLoss)
        #expect(try outcome("flushes-first") == .passed)
    }

    @Test func theCrashRecordSaysAFileWasRemovedBeforeTheFlush() throws {
        let world = SimulatedWorld()
        world.putFile("Documents/notes.txt", Data("Milk".utf8))
        let env = world.launch()
        world.perform {
            env.defaults.set(["Milk"], forKey: "notes")
            try? env.files.removeItem(at: world.containerURL.appendingPathComponent("Documents/notes.txt"))
        }
        world.crash(.kill)
        let crash = try #require(world.crashes.last)
        #expect(crash.lostUnflushedDefaults && crash.removedFileBeforeFlush && !crash.platformLostDefaults)
        #expect(crash.line.hasSuffix("(unflushed key-value changes lost) (a file removed before they were flushed)"))
    }
}
