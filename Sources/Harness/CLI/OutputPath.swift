import Foundation

/// Checks, before any work starts, that the files and folders a command will write can be written.
enum OutputPath {
    /// Off only in the option parsers' fuzz target (Tests/Fuzz/options): its made-up paths reach no disk.
    @TaskLocal static var checksDisk = true

    /// `--html FILE`: the file is not a folder, and its folder exists and takes new files.
    static func checkFile(_ path: String, for flag: String) throws(CommandLineError) {
        guard checksDisk else { return }
        func refuse(_ reason: String) -> CommandLineError { .path("cannot write '\(flag)' file '\(path)': \(reason)") }
        if FileProblem.isFolder(path) { throw refuse("it is a folder") }
        let folder = parent(of: path)
        guard exists(folder) else { throw refuse("no such folder '\(folder)'") }
        guard FileProblem.isFolder(folder) else { throw refuse("'\(folder)' is not a folder") }
        if let problem = probe(folder) { throw refuse(problem) }
    }

    /// `--write-repros DIR`: the folder takes new files, or the nearest folder above it that exists does
    /// (the folder is made when the first file is written).
    static func checkFolder(_ path: String, for flag: String) throws(CommandLineError) {
        guard checksDisk else { return }
        func refuse(_ reason: String) -> CommandLineError {
            .path("cannot write '\(flag)' folder '\(path)': \(reason)")
        }
        var existing = path
        while !exists(existing) { existing = parent(of: existing) }
        guard FileProblem.isFolder(existing) else { throw refuse("'\(existing)' is not a folder") }
        if let problem = probe(existing) { throw refuse(problem) }
    }

    /// Writes a report's file (`--html`, `--junit`), checked before the work by `checkFile`.
    static func write(_ text: String, toFile path: String, for flag: String) throws(CommandLineError) {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw .path("cannot write '\(flag)' file '\(path)': \(FileProblem.describe(error, path: path))")
        }
    }

    /// `--live`: runs keep the app's files in a fresh folder under the temporary folder.
    static func checkTemporaryFolder(for flag: String) throws(CommandLineError) {
        guard checksDisk else { return }
        let folder = FileManager.default.temporaryDirectory.path
        if let problem = probe(folder) { throw .path("'\(flag)' needs a temporary folder it can write: \(problem)") }
    }

    /// Why no file can be made in `folder`, or nil when one can: one is made and removed at once,
    /// as permissions alone do not tell (for root, or on a read-only file system).
    private static func probe(_ folder: String) -> String? {
        var template = Array((folder + "/.harness-write-check-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            return "cannot create files in '\(folder)': \(FileProblem.describe(errno: errno, path: folder))"
        }
        close(descriptor)
        unlink(template)
        return nil
    }

    /// Not `NSString.deletingLastPathComponent`: Foundation on Linux traps on a one-character name.
    private static func parent(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// Whether anything, even a dangling link, is at `path`.
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
