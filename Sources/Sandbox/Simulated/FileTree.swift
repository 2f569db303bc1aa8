import Foundation

/// The in-memory files of one app container, with what of each would survive power loss.
///
/// Every change costs the size of what it touches, never the size of the tree: folders
/// know their names, and the files that power loss decides about are kept apart.
struct FileTree: Sendable {
    struct File: Sendable {
        /// What reads see (the page cache).
        var data: Data
        /// What the disk holds: nil when the file would not exist after power loss.
        var durable: Data?
        var pending: Bool { durable != data }
    }

    /// Each folder, with the names directly inside it.
    private var folders: [String: Set<String>] = ["": []]
    private(set) var files: [String: File] = [:]
    /// The files whose page cache differs from the disk.
    private var unsynced: Set<String> = []

    static func parent(of path: String) -> String {
        guard let slash = lastSlash(in: path) else { return "" }
        return String(path[..<slash])
    }

    static func name(of path: String) -> String {
        guard let slash = lastSlash(in: path) else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The last `/` that is a character of its own, found as a byte (comparing characters costs far more).
    /// Between ASCII neighbours a `/` byte is its own character; next to anything else (a combining
    /// mark after it, a prepending mark before it) the characters decide, as they always did.
    private static func lastSlash(in path: String) -> String.Index? {
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let before = slash == bytes.startIndex ? nil : bytes[bytes.index(before: slash)]
        let after = bytes.index(after: slash) == bytes.endIndex ? nil : bytes[bytes.index(after: slash)]
        guard (before ?? 0) < 0x80, (after ?? 0) < 0x80 else { return path.lastIndex(of: "/") }
        return slash
    }

    func isDirectory(_ path: String) -> Bool { folders[path] != nil }
    func file(_ path: String) -> File? { files[path] }
    func exists(_ path: String) -> Bool { files[path] != nil || folders[path] != nil }

    /// Creates a folder and its parents, durably.
    mutating func makeDirectory(_ path: String) {
        guard folders[path] == nil else { return }
        if path.isEmpty {
            folders[path] = []
            return
        }
        let parent = Self.parent(of: path)
        makeDirectory(parent)
        folders[path] = []
        folders[parent]?.insert(Self.name(of: path))
    }

    /// Sets a file's bytes in the page cache; the disk keeps its old contents until a sync.
    mutating func write(_ path: String, _ data: Data) {
        set(path, File(data: data, durable: files[path]?.durable))
    }

    /// Puts a file that is already on disk (a fixture, or a synced write).
    mutating func putDurable(_ path: String, _ data: Data) {
        set(path, File(data: data, durable: data))
    }

    mutating func sync(_ path: String) {
        guard let file = files[path] else { return }
        set(path, File(data: file.data, durable: file.data))
    }

    /// Moves a file over another; the rename itself is durable at once (journaled).
    mutating func rename(_ from: String, _ to: String) {
        if let moved = removeFile(from) { set(to, moved) } else { removeFile(to) }
    }

    /// Removes a file, or a folder with everything in it.
    mutating func remove(_ path: String) {
        removeFile(path)
        guard let names = folders.removeValue(forKey: path) else { return }
        let prefix = path.isEmpty ? "" : path + "/"
        for name in names { remove(prefix + name) }
        if !path.isEmpty { folders[Self.parent(of: path)]?.remove(Self.name(of: path)) }
    }

    /// Names directly inside a folder, sorted.
    func children(of path: String) -> [String] { folders[path]?.sorted() ?? [] }

    /// The kernel writes the page cache back: every unsynced file is on disk as the cache holds it.
    mutating func writeBack() {
        for path in unsynced { sync(path) }
    }

    /// Applies power-loss fates to every unsynced file, in path order, drawing from `rng`; `droppingAll`: each is
    /// dropped, and nothing is drawn.
    mutating func losePower(_ rng: inout SplitMix64, droppingAll: Bool = false) -> [String] {
        var fates: [String] = []
        for path in unsynced.sorted() {
            guard let file = files[path] else { continue }
            switch droppingAll ? 1 : rng.below(3) {
            case 0:
                set(path, File(data: file.data, durable: file.data))
                fates.append("\(path) kept")
            case 1:
                if let old = file.durable { set(path, File(data: old, durable: old)) } else { removeFile(path) }
                fates.append("\(path) dropped")
            default:
                let cut = rng.below(file.data.count + 1)
                let torn = file.data.prefix(cut)
                set(path, File(data: torn, durable: torn))
                fates.append("\(path) torn at \(cut)")
            }
        }
        return fates
    }

    @discardableResult
    private mutating func removeFile(_ path: String) -> File? {
        guard let file = files.removeValue(forKey: path) else { return nil }
        unsynced.remove(path)
        if folders[path] == nil { folders[Self.parent(of: path)]?.remove(Self.name(of: path)) }
        return file
    }

    /// Stores a file in its folder (which exists: the callers check), keeping the unsynced set true.
    private mutating func set(_ path: String, _ file: File) {
        if files.updateValue(file, forKey: path) == nil {
            folders[Self.parent(of: path)]?.insert(Self.name(of: path))
        }
        if file.pending { unsynced.insert(path) } else { unsynced.remove(path) }
    }
}
