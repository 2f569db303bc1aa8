import Foundation

/// Why a path cannot be read, in the words every message uses: `no such file`, `permission
/// denied`, `a symbolic link loop`, `a dangling symbolic link to 'x'`, `a folder, not a file`.
enum FileProblem {
    /// Why `path` cannot be read as a file, or nil when it can (it is opened, never read).
    static func reading(_ path: String) -> String? {
        // Non-blocking: opening a named pipe for reading would otherwise wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return describe(errno: errno, path: path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return describe(errno: errno, path: path) }
        switch kind(info) {
        case mode_t(S_IFREG): return nil
        case mode_t(S_IFDIR): return "a folder, not a file"
        default: return "not a regular file (a device, pipe or socket)"
        }
    }

    /// The words for `code`, an `errno` from opening, listing or reading `path`.
    static func describe(errno code: Int32, path: String) -> String {
        switch code {
        case ENOENT:
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else {
                return "no such file"
            }
            return "a dangling symbolic link (to '\(target)', which does not exist)"
        case ELOOP: return "a symbolic link loop"
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "part of the path is not a folder"
        case EROFS: return "a read-only file system"
        case ENOSPC: return "no space left on the device"
        default: return String(cString: strerror(code))
        }
    }

    /// The words for a Foundation error reading `path`, from the POSIX error under it when there is one.
    static func describe(_ error: any Error, path: String) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            return describe(errno: Int32(underlying.code), path: path)
        }
        return reading(path) ?? error.localizedDescription
    }

    /// Whether `path` is a folder, or a link to one.
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && kind(info) == mode_t(S_IFDIR)
    }

    /// The file type bits of `info`: `S_IFREG`, `S_IFDIR`, `S_IFLNK`...
    static func kind(_ info: stat) -> mode_t { mode_t(info.st_mode) & mode_t(S_IFMT) }
}
