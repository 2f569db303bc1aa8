import Foundation

/// A file the harness writes for the user (a `--junit` or `--html` report, a reproduction, an imported or updated
/// scenario), written whole or not at all, and never so that its path becomes another kind of thing:
/// - nothing there: the file is made from a temporary file beside it, renamed into place (mode 0666 less the umask);
/// - a regular file: replaced the same way, keeping its mode and, where the harness may set it, its owner;
/// - a symbolic link: the file it leads to is written as above (or made, if it is not there), and the link stays;
/// - a character device or a named pipe: written through, never replaced;
/// - a regular file with more than one hard link: refused, as replacing it would split the links;
/// - a folder, a block device or a socket: refused; so is a file the user may not write, as a plain write would be.
struct OutputFile {
    /// The path as given.
    let path: String
    /// How messages name it: `'--junit' file 'junit.xml'`.
    let name: String
    var calls = OutputCalls.live

    init(_ path: String, for flag: String) {
        self.path = path
        name = "'\(flag)' file '\(path)'"
    }

    /// Why the file cannot be written, found before any work starts. Nothing is written: where a file will be made,
    /// one is made and removed at once, as permissions alone do not tell (for root, or on a read-only disk).
    func check() throws(OutputError) {
        guard case .replaced(let folder, _, _) = try target(whileWriting: false) else { return }
        do {
            try Self.probe(folder, calls: calls)
        } catch {
            throw refusal("cannot create files in '\(folder)': \(error.reason)")
        }
    }

    /// Writes `text` as the file's whole contents. On failure the error says the system's reason, the file is as it
    /// was (a device or a pipe may have taken part of the text), and no temporary file is left.
    func write(_ text: String) throws(OutputError) {
        let bytes = Array(text.utf8)
        switch try target(whileWriting: true) {
        case .writtenThrough(let path):
            do {
                let descriptor = Int32(try calls.perform(.open) { Int(open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)) })
                defer { close(descriptor) }
                try calls.writeAll(bytes, to: descriptor)
            } catch {
                throw failure(error.reason)
            }
        case .replaced(let folder, let file, let existing):
            do {
                try replace(file, in: folder, with: bytes, keeping: existing)
            } catch {
                throw failure(error.reason + (existing == nil ? "" : "; the file is left as it was"))
            }
        }
    }

    /// What writing the path writes.
    private enum Target {
        /// The regular file `file` of `folder`, made or replaced (`existing`: the file replaced, if there is one).
        case replaced(folder: String, file: String, existing: stat?)
        /// A character device or a named pipe, written in place.
        case writtenThrough(String)
    }

    /// The path's target, its links followed; or why it cannot be written.
    private func target(whileWriting: Bool) throws(OutputError) -> Target {
        func refuse(_ reason: String) -> OutputError {
            OutputError(output: name, reason: reason, whileWriting: whileWriting)
        }
        guard !path.isEmpty else { throw refuse("the path is empty") }
        var current = path
        // As the system counts them: past this many links, a path is a loop.
        for _ in 0..<40 {
            let info: stat
            do {
                info = try calls.status(current)
            } catch  where error.code == ENOENT || error.code == ENOTDIR {
                let folder = Self.parent(of: current)
                let folderInfo: stat
                do {
                    folderInfo = try calls.status(folder, following: true)
                } catch  where error.code == ENOENT || error.code == ENOTDIR {
                    throw refuse("no such folder '\(folder)'")
                } catch {
                    throw refuse(error.reason)
                }
                guard folderInfo.kind == mode_t(S_IFDIR) else { throw refuse("'\(folder)' is not a folder") }
                return .replaced(folder: folder, file: Self.lastComponent(of: current), existing: nil)
            } catch {
                throw refuse(error.reason)
            }
            switch info.kind {
            case mode_t(S_IFLNK):
                let destination: String
                do {
                    destination = try calls.destination(ofLink: current)
                } catch {
                    throw refuse(error.reason)
                }
                current = destination.hasPrefix("/") ? destination : Self.parent(of: current) + "/" + destination
                continue
            case mode_t(S_IFDIR): throw refuse("it is a folder")
            case mode_t(S_IFBLK): throw refuse("a block device (the harness writes files, character devices and pipes)")
            case mode_t(S_IFSOCK): throw refuse("a socket (the harness writes files, character devices and pipes)")
            case mode_t(S_IFREG) where info.st_nlink > 1:
                throw refuse("it has \(info.st_nlink) hard links, which replacing it would split")
            default: break
            }
            do {
                try calls.perform(.access) { Int(access(current, W_OK)) }
            } catch {
                throw refuse(error.reason)
            }
            guard info.kind == mode_t(S_IFREG) else { return .writtenThrough(current) }
            return .replaced(folder: Self.parent(of: current), file: Self.lastComponent(of: current), existing: info)
        }
        throw refuse(OutputCalls.Failure(code: ELOOP).reason)
    }

    /// Writes `bytes` to a temporary file in `folder` and renames it over `file`, with the mode and owner of
    /// `existing`; the temporary file is removed if any step fails.
    private func replace(
        _ file: String, in folder: String, with bytes: [UInt8], keeping existing: stat?
    ) throws(OutputCalls.Failure) {
        let folderDescriptor = Int32(
            try calls.perform(.openFolder) { Int(open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) })
        defer { close(folderDescriptor) }
        TemporaryFiles.removeLeftovers(in: folderDescriptor, calls: calls)
        let (temporary, descriptor) = try TemporaryFiles.create(in: folderDescriptor, calls: calls)
        var isOpen = true
        do {
            try calls.writeAll(bytes, to: descriptor)
            if let existing {
                // The owner first: changing it may clear the set-user-ID bits that the mode then sets again.
                _ = try? calls.perform(.fchown) { Int(fchown(descriptor, existing.st_uid, existing.st_gid)) }
                try calls.perform(.fchmod) { Int(fchmod(descriptor, mode_t(existing.st_mode) & 0o7777)) }
            }
            try calls.perform(.fsync) { Int(fsync(descriptor)) }
            isOpen = false
            try calls.perform(.close) { Int(close(descriptor)) }
            try calls.perform(.rename) { Int(renameat(folderDescriptor, temporary, folderDescriptor, file)) }
            TemporaryFiles.finished()
        } catch {
            if isOpen { close(descriptor) }
            TemporaryFiles.remove(temporary, in: folderDescriptor, calls: calls)
            throw error
        }
    }

    /// Makes and removes a temporary file in `folder`.
    static func probe(_ folder: String, calls: OutputCalls) throws(OutputCalls.Failure) {
        let folderDescriptor = Int32(
            try calls.perform(.openFolder) { Int(open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) })
        defer { close(folderDescriptor) }
        let (temporary, descriptor) = try TemporaryFiles.create(in: folderDescriptor, calls: calls)
        close(descriptor)
        TemporaryFiles.remove(temporary, in: folderDescriptor, calls: calls)
    }

    private func failure(_ reason: String) -> OutputError {
        OutputError(output: name, reason: reason, whileWriting: true)
    }

    private func refusal(_ reason: String) -> OutputError {
        OutputError(output: name, reason: reason, whileWriting: false)
    }

    /// Not `NSString.deletingLastPathComponent`: Foundation on Linux traps on a one-character name.
    static func parent(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    private static func lastComponent(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    }
}
