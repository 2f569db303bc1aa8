import Foundation

/// The in-memory files of one app container, with what of each would survive power loss.
struct FileTree: Sendable {
    struct File: Sendable {
        /// What reads see (the page cache).
        var data: Data
        /// What the disk holds: nil when the file would not exist after power loss.
        var durable: Data?
        var pending: Bool { durable != data }
    }

    private(set) var directories: Set<String> = [""]
    private(set) var files: [String: File] = [:]

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    func isDirectory(_ path: String) -> Bool { directories.contains(path) }
    func file(_ path: String) -> File? { files[path] }
    func exists(_ path: String) -> Bool { files[path] != nil || directories.contains(path) }

    /// Creates a folder and its parents, durably.
    mutating func makeDirectory(_ path: String) {
        var current = path
        while !current.isEmpty, !directories.contains(current) {
            directories.insert(current)
            current = Self.parent(of: current)
        }
    }

    /// Sets a file's bytes in the page cache; the disk keeps its old contents until a sync.
    mutating func write(_ path: String, _ data: Data) {
        let durable = files[path]?.durable
        files[path] = File(data: data, durable: durable)
    }

    /// Puts a file that is already on disk (a fixture, or a synced write).
    mutating func putDurable(_ path: String, _ data: Data) {
        files[path] = File(data: data, durable: data)
    }

    mutating func sync(_ path: String) {
        if let data = files[path]?.data { files[path]?.durable = data }
    }

    /// Moves a file over another; the rename itself is durable at once (journaled).
    mutating func rename(_ from: String, _ to: String) {
        files[to] = files.removeValue(forKey: from)
    }

    /// Removes a file, or a folder with everything in it.
    mutating func remove(_ path: String) {
        files[path] = nil
        guard directories.contains(path) else { return }
        let prefix = path + "/"
        directories = directories.filter { $0 != path && !$0.hasPrefix(prefix) }
        files = files.filter { !$0.key.hasPrefix(prefix) }
    }

    /// Names directly inside a folder, sorted.
    func children(of path: String) -> [String] {
        let prefix = path.isEmpty ? "" : path + "/"
        var names = Set<String>()
        for candidate in directories.union(files.keys) where candidate.hasPrefix(prefix) && candidate != path {
            let rest = candidate.dropFirst(prefix.count)
            if !rest.isEmpty, !rest.contains("/") { names.insert(String(rest)) }
        }
        return names.sorted()
    }

    /// Applies power-loss fates to every unsynced file, in path order, drawing from `rng`.
    mutating func losePower(_ rng: inout SplitMix64) -> [String] {
        var fates: [String] = []
        for path in files.keys.sorted() {
            guard let file = files[path], file.pending else { continue }
            switch rng.below(3) {
            case 0:
                files[path]?.durable = file.data
                fates.append("\(path) kept")
            case 1:
                if let old = file.durable { files[path] = File(data: old, durable: old) } else { files[path] = nil }
                fates.append("\(path) dropped")
            default:
                let cut = rng.below(file.data.count + 1)
                let torn = file.data.prefix(cut)
                files[path] = File(data: torn, durable: torn)
                fates.append("\(path) torn at \(cut)")
            }
        }
        return fates
    }
}
