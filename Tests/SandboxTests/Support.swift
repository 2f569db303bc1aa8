import Foundation
import Sandbox

/// A fresh app container on the real disk, removed when `body` returns or throws.
func withLiveContainer<T>(_ body: (LiveFileSystem) throws -> T) throws -> T {
    let root = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        .appendingPathComponent("sandbox-tests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let files = LiveFileSystem(root: root)
    try files.createContainer()
    return try body(files)
}

/// `count` bytes of a recognisable pattern, different for each `salt`.
func bytes(_ count: Int, salt: UInt8 = 0) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(salt)) })
}

/// The summary of the error `body` throws, or nil when it does not throw.
func thrownSummary(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return error.harnessSummary
    }
}

extension SimulatedWorld {
    /// The URL app code would use for a container-relative path.
    func fileURL(_ path: String) -> URL { containerURL.appendingPathComponent(path) }

    /// The names in a folder, as the harness sees them (not logged).
    func names(in folder: String) -> [String] {
        let prefix = folder + "/"
        return filePaths.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
            .map { String($0.dropFirst(prefix.count)) }
    }
}

/// One call through the file-system seam, on a container-relative path.
enum FileAction: Sendable {
    case write(String, Data, WriteMode)
    case read(String)
    /// Read, then parse with `PropertyListSerialization`.
    case decode(String)
    /// Read, then decode `[Entry]` with `PropertyListDecoder`.
    case decodeEntries(String)
    case remove(String)
    case exists(String)
    /// List a folder, sorted.
    case list(String)
    /// `urls(for:)`, then whether the URL names an existing folder.
    case folder(ContainerDirectory)
}

/// What one call gave back.
enum Observation: Equatable, Sendable, CustomStringConvertible {
    case done
    case bytes(Data)
    case names([String])
    case exists(Bool)
    case plist(PlistValue)
    case entries([Entry])
    case text(String)
    case failed(String)

    var description: String {
        switch self {
        case .done: return "done"
        case .bytes(let data): return "\(data.count) bytes \(data.prefix(8).map { String($0, radix: 16) })"
        case .names(let names): return "\(names)"
        case .exists(let exists): return "exists: \(exists)"
        case .plist(let value): return "plist \(value)"
        case .entries(let entries): return "entries \(entries)"
        case .text(let text): return text
        case .failed(let summary): return "threw \(summary)"
        }
    }
}

/// A Codable record like the ones the apps store with `PropertyListEncoder`.
struct Entry: Codable, Equatable, Sendable {
    var text: String
    var checked: Bool
}

/// Runs one action against a file system whose container is `root`.
func observe(_ action: FileAction, on files: any FileSystem, root: URL) -> Observation {
    func url(_ path: String) -> URL { root.appendingPathComponent(path) }
    do {
        switch action {
        case .write(let path, let data, let mode):
            try files.write(data, to: url(path), mode: mode)
            return .done
        case .read(let path):
            return .bytes(try files.contents(of: url(path)))
        case .decode(let path):
            return .plist(try PlistValue(propertyList: files.contents(of: url(path))))
        case .decodeEntries(let path):
            return .entries(try PropertyListDecoder().decode([Entry].self, from: files.contents(of: url(path))))
        case .remove(let path):
            try files.removeItem(at: url(path))
            return .done
        case .exists(let path):
            return .exists(files.fileExists(at: url(path)))
        case .list(let path):
            return .names(try files.contentsOfDirectory(at: url(path)).sorted())
        case .folder(let directory):
            let urls = files.urls(for: directory)
            guard urls.count == 1, let found = urls.first else { return .text("\(urls.count) URLs") }
            let rootPath = root.standardizedFileURL.path + "/"
            let path = found.standardizedFileURL.path
            guard path.hasPrefix(rootPath) else { return .text("outside the container: \(path)") }
            let isFolder = files.fileExists(at: found) && (try? files.contentsOfDirectory(at: found)) != nil
            return .text(String(path.dropFirst(rootPath.count)) + (isFolder ? " is a folder" : " is not a folder"))
        }
    } catch {
        return .failed(error.harnessSummary)
    }
}
