import Foundation
import Harness
import Sandbox

/// A live file system whose process exits right after its nth call: one crash state
/// of the process-per-state (CrashMonkey-style) approach the benchmark compares with.
final class ExitingFileSystem: FileSystem, @unchecked Sendable {
    private let base: LiveFileSystem
    private let exitAfter: Int
    private var calls = 0
    private let lock = NSLock()

    init(base: LiveFileSystem, exitAfter: Int) {
        self.base = base
        self.exitAfter = exitAfter
    }

    private func count() {
        let reached = lock.withLock {
            calls += 1
            return calls >= exitAfter
        }
        if reached { exit(0) }
    }

    func urls(for directory: ContainerDirectory) -> [URL] {
        defer { count() }
        return base.urls(for: directory)
    }
    func url(of directory: ContainerDirectory) -> URL { base.url(of: directory) }
    func contents(of url: URL) throws -> Data {
        defer { count() }
        return try base.contents(of: url)
    }
    func write(_ data: Data, to url: URL, mode: WriteMode) throws {
        defer { count() }
        try base.write(data, to: url, mode: mode)
    }
    func removeItem(at url: URL) throws {
        defer { count() }
        try base.removeItem(at: url)
    }
    func fileExists(at url: URL) -> Bool {
        defer { count() }
        return base.fileExists(at: url)
    }
    func contentsOfDirectory(at url: URL) throws -> [String] {
        defer { count() }
        return try base.contentsOfDirectory(at: url)
    }
    func createDirectory(at url: URL, withIntermediateDirectories: Bool) throws {
        defer { count() }
        try base.createDirectory(at: url, withIntermediateDirectories: withIntermediateDirectories)
    }
}
