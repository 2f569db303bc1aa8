import Foundation

/// The file-system seam on the real disk: forwards to `FileManager` and `Data`.
///
/// `root` is the app container: `Documents`, `Library`, `Library/Caches` and `tmp`
/// are folders inside it. The harness only ever uses a fresh temporary folder.
public struct LiveFileSystem: FileSystem {
    public let root: URL

    public init(root: URL) { self.root = root }

    /// The real container of the running app (for app code in production, never the harness).
    public static var appContainer: LiveFileSystem {
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
        return LiveFileSystem(root: documents?.deletingLastPathComponent() ?? URL(fileURLWithPath: NSHomeDirectory()))
    }

    /// Creates the container's folders.
    public func createContainer() throws {
        for folder in ["Documents", "Library/Preferences", "Library/Caches", "tmp"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    public func urls(for directory: ContainerDirectory) -> [URL] {
        [url(of: directory)]
    }
    public func url(of directory: ContainerDirectory) -> URL {
        root.appendingPathComponent(directory.rawValue, isDirectory: true)
    }
    public func contents(of url: URL) throws -> Data {
        try Data(contentsOf: url)
    }
    public func write(_ data: Data, to url: URL, mode: WriteMode) throws {
        try data.write(to: url, options: mode == .atomic ? .atomic : [])
    }
    public func removeItem(at url: URL) throws {
        try FileManager.default.removeItem(at: url)
    }
    public func fileExists(at url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }
    public func contentsOfDirectory(at url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path)
    }
    public func createDirectory(at url: URL, withIntermediateDirectories: Bool) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: withIntermediateDirectories)
    }
}
