import Foundation
import Sandbox

/// The app's own work with nothing of the harness around it: HIITFit's persistence code, through
/// its plug-in's driver, on seams that only keep bytes in a dictionary.
enum AppAlone {
    /// Launch, finish two exercises, relaunch twice (as an explored run ends), on `history`.
    static func historyRun(history: Data, plugins: PluginRegistry) throws -> Double {
        let steps = try ScenarioParser.parse("app hiitfit\ndone Squat\ndone Burpee\n", file: "bench", plugins: plugins)
        let actions = steps.steps.compactMap { step in
            if case .action(let action) = step.command { return action } else { return nil }
        }
        guard let edition = steps.plugin.edition(named: "hardened") else {
            throw CommandLineError("no hardened HIITFit")
        }
        let files = MemoryFileSystem()
        files.store["Documents/history.plist"] = history
        let environment = AppEnvironment(files: files, clock: FixedClock(), defaults: MemoryDefaults())
        let launch = AppLaunch(environment: environment, variant: nil)
        return try Stopwatch.seconds {
            let app = edition.launch(launch)
            for action in actions { try app.perform(action) }
            _ = edition.launch(launch)
            _ = edition.launch(launch)
        }
    }
}

/// Files in a dictionary: no log, no faults, no durability.
final class MemoryFileSystem: FileSystem, @unchecked Sendable {
    var store: [String: Data] = [:]
    private let root = URL(fileURLWithPath: "/memory")

    private func key(_ url: URL) -> String { String(url.path.dropFirst(root.path.count + 1)) }

    func urls(for directory: ContainerDirectory) -> [URL] { [root.appendingPathComponent(directory.rawValue)] }
    func contents(of url: URL) throws -> Data {
        guard let data = store[key(url)] else { throw FoundationErrors.read(.ENOENT, url: url) }
        return data
    }
    func write(_ data: Data, to url: URL, mode: WriteMode) throws { store[key(url)] = data }
    func removeItem(at url: URL) throws { store[key(url)] = nil }
    func fileExists(at url: URL) -> Bool { store[key(url)] != nil }
    func contentsOfDirectory(at url: URL) throws -> [String] {
        let prefix = key(url) + "/"
        return store.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }
}

/// 2026-03-01 08:00 UTC, always.
struct FixedClock: WallClock {
    var now: Date { Date(timeIntervalSince1970: 1_772_352_000) }
    var timeZone: TimeZone { TimeZone(identifier: "UTC")! }
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}

/// Key-value pairs in a dictionary, never flushed anywhere.
final class MemoryDefaults: KeyValueStore, @unchecked Sendable {
    private var values: [String: Any] = [:]
    func object(forKey key: String) -> Any? { values[key] }
    func set(_ value: Any?, forKey key: String) { values[key] = value }
    func removeObject(forKey key: String) { values[key] = nil }
    func register(defaults: [String: Any]) {}
    func synchronize() -> Bool { true }
}
