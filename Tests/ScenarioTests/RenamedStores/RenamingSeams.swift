import Foundation
import Sandbox

/// The file-system seam of a port that calls its file `renamed` where the app calls it `name`: every URL
/// whose file name starts with `name` (`history.plist`, `history.plist.unreadable-1`) is the renamed one.
struct RenamingFiles: FileSystem {
    let base: any FileSystem
    let name: String
    let renamed: String

    private func port(_ url: URL) -> URL {
        let file = url.lastPathComponent
        guard file.hasPrefix(name) else { return url }
        return url.deletingLastPathComponent().appendingPathComponent(renamed + file.dropFirst(name.count))
    }

    func urls(for directory: ContainerDirectory) -> [URL] { base.urls(for: directory) }
    func url(of directory: ContainerDirectory) -> URL { base.url(of: directory) }
    func contents(of url: URL) throws -> Data { try base.contents(of: port(url)) }
    func write(_ data: Data, to url: URL, mode: WriteMode) throws { try base.write(data, to: port(url), mode: mode) }
    func removeItem(at url: URL) throws { try base.removeItem(at: port(url)) }
    func fileExists(at url: URL) -> Bool { base.fileExists(at: port(url)) }
    func contentsOfDirectory(at url: URL) throws -> [String] {
        try base.contentsOfDirectory(at: url).map { $0.hasPrefix(renamed) ? name + $0.dropFirst(renamed.count) : $0 }
    }
    func createDirectory(at url: URL, withIntermediateDirectories: Bool) throws {
        try base.createDirectory(at: port(url), withIntermediateDirectories: withIntermediateDirectories)
    }
}

/// The key-value seam of a port that keeps under `renamed` what the app keeps under `key` (and `key.*`).
struct RenamingDefaults: KeyValueStore {
    let base: any KeyValueStore
    let key: String
    let renamed: String

    private func port(_ key: String) -> String {
        key == self.key || key.hasPrefix(self.key + ".") ? renamed + key.dropFirst(self.key.count) : key
    }

    func object(forKey key: String) -> Any? { base.object(forKey: port(key)) }
    func set(_ value: Any?, forKey key: String) { base.set(value, forKey: port(key)) }
    func removeObject(forKey key: String) { base.removeObject(forKey: port(key)) }
    func register(defaults: [String: Any]) {
        base.register(defaults: Dictionary(uniqueKeysWithValues: defaults.map { (port($0.key), $0.value) }))
    }
    @discardableResult func synchronize() -> Bool { base.synchronize() }
}
