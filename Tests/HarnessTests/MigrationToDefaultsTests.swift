import Foundation
import Harness
import Sandbox
import Testing

/// A port that moves its notes from a file into the key-value store: removing the file before the store has
/// flushed gives up the only lasting copy, so a kill then is the app's loss, not the platform's.
@Suite struct MigrationToDefaultsTests {
    static let plugin = AppPlugin(
        name: "prefnotes", bundleIdentifier: "com.example.PrefNotes",
        stores: [.defaults("notes", key: "notes")],
        observations: [ObservationDeclaration(name: "notes", store: "notes", comparison: .entries)],
        actions: [], checks: [],
        editions: ["removes-first", "flushes-first"].map { name in
            AppEdition(name: name, summary: "moves notes.txt into the store, \(name)") {
                Driver(env: $0.environment, flushesFirst: name == "flushes-first")
            }
        })

    final class Driver: AppDriver {
        let notes: [String]

        init(env: AppEnvironment, flushesFirst: Bool) {
            let file = env.files.urls(for: .documents)[0].appendingPathComponent("notes.txt")
            guard let text = try? env.files.string(contentsOf: file, encoding: .utf8) else {
                notes = env.defaults.object(forKey: "notes") as? [String] ?? []
                return
            }
            notes = text.split(separator: "\n").map(String.init)
            env.defaults.set(notes, forKey: "notes")
            if flushesFirst { env.defaults.synchronize() }
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
