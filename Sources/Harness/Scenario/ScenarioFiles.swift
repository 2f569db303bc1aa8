import Foundation
import Sandbox

/// The scenario files a command line names: a file as given, a folder as every `.scenario` file
/// under it (links followed), a path with `*` as the `.scenario` files it matches (`*` within a
/// name, `**` across folders), in order. Before anything runs, each file must be readable and each
/// argument must select at least one: a CI job pointed at the wrong folder must not pass.
public enum ScenarioFiles {
    public static func expand(_ paths: [String]) throws(ScenarioSelectionError) -> [String] {
        var files: [String] = []
        for path in paths {
            let selected = try select(path)
            for file in selected {
                if let problem = FileProblem.reading(file) { throw cannotRead(file, problem) }
            }
            files += selected
        }
        return files
    }

    /// `files` but the scenarios of other apps than `apps` (none given: every file). A file that does not parse
    /// stays, so that running it reports why rather than leaving it out unseen.
    public static func ofApps(_ files: [String], apps: Set<String>, plugins: PluginRegistry) -> [String] {
        guard !apps.isEmpty else { return files }
        return files.filter { file in
            guard let scenario = try? ScenarioText(contentsOf: file).parse(plugins: plugins) else { return true }
            return apps.contains(scenario.app)
        }
    }

    private static func select(_ path: String) throws(ScenarioSelectionError) -> [String] {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT && path.contains("*") { return try matching(path) }
            if code == ENOENT { throw ScenarioSelectionError("no such file or folder '\(path)'") }
            throw cannotRead(path, FileProblem.describe(errno: code, path: path))
        }
        // Not a folder: a file, or a link that is dangling or a loop, which reading it reports.
        guard FileProblem.isFolder(path) else { return [path] }
        let found = try scenarioFiles(under: path)
        guard !found.isEmpty else { throw ScenarioSelectionError("no .scenario files in folder '\(path)'") }
        return found
    }

    /// `Scenarios/*/first-*.scenario`: the `.scenario` files under the pattern's leading folder that it matches.
    private static func matching(_ text: String) throws(ScenarioSelectionError) -> [String] {
        let components = text.split(separator: "/", omittingEmptySubsequences: false)
        let fixed = components.prefix { !$0.contains("*") }
        let folder = fixed.isEmpty ? "." : fixed == [""] ? "/" : fixed.joined(separator: "/")
        guard FileProblem.isFolder(folder) else {
            throw ScenarioSelectionError("no such folder '\(folder)' for pattern '\(text)'")
        }
        // Without `**`, a pattern names files a fixed number of folders down: look no deeper.
        let depth = text.contains("**") ? nil : components.count - fixed.count
        let found = try scenarioFiles(under: folder, depth: depth, pattern: PathPattern(text))
        guard !found.isEmpty else { throw ScenarioSelectionError("pattern '\(text)' matches no .scenario file") }
        return found
    }

    /// Every `.scenario` file under `folder` (at most `depth` names down, matching `pattern`), sorted.
    private static func scenarioFiles(
        under folder: String, depth: Int? = nil,
        pattern: PathPattern? = nil
    ) throws(ScenarioSelectionError) -> [String] {
        let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        // Paths as the argument spells them: `a.scenario` for the pattern `*.scenario`, not `./a.scenario`.
        let prefix = trimmed == "/" ? "/" : pattern != nil && trimmed == "." ? "" : trimmed + "/"
        var walk = FolderWalk(depth: depth, pattern: pattern)
        try walk.visit(trimmed, prefix: prefix, level: 0, ancestors: [])
        return walk.found.sorted()
    }

    /// A search through folders and the links in them.
    private struct FolderWalk {
        let depth: Int?
        /// With a pattern, only files it matches are found, and only problems with paths it matches count.
        let pattern: PathPattern?
        var found: [String] = []

        /// A folder by device and inode: met again below itself, it is a loop of links.
        struct Identity: Hashable {
            var device: UInt64
            var inode: UInt64
        }

        mutating func visit(
            _ folder: String, prefix: String, level: Int,
            ancestors: Set<Identity>
        ) throws(ScenarioSelectionError) {
            var info = stat()
            guard stat(folder, &info) == 0 else {
                throw cannotRead(folder, FileProblem.describe(errno: errno, path: folder))
            }
            let identity = Identity(
                device: UInt64(truncatingIfNeeded: info.st_dev),
                inode: UInt64(truncatingIfNeeded: info.st_ino))
            guard !ancestors.contains(identity) else {
                throw cannotRead(folder, "a symbolic link loop (it leads back to a folder that holds it)")
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                throw cannotRead(folder, FileProblem.describe(error, path: folder))
            }
            for name in names {
                let path = prefix + name
                var entry = stat()
                guard stat(path, &entry) == 0 else {
                    let code = errno
                    // A dangling link matters where a scenario was meant to be; a loop hides what it was meant to hold.
                    if (name.hasSuffix(".scenario") || code == ELOOP) && pattern.map({ $0.matches(path) }) != false {
                        throw cannotRead(path, FileProblem.describe(errno: code, path: path))
                    }
                    continue
                }
                if FileProblem.kind(entry) == mode_t(S_IFDIR) {
                    guard depth.map({ level + 1 < $0 }) ?? true else { continue }
                    try visit(path, prefix: path + "/", level: level + 1, ancestors: ancestors.union([identity]))
                } else if name.hasSuffix(".scenario") && pattern.map({ $0.matches(path) }) != false {
                    found.append(path)
                }
            }
        }
    }

    private static func cannotRead(_ path: String, _ reason: String) -> ScenarioSelectionError {
        ScenarioSelectionError("cannot read '\(path)': \(reason)")
    }
}
