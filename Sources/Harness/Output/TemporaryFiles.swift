import Foundation

/// The files an output is written to before it is renamed over its path: `.harness-output-PID-N`, beside it. None
/// outlives a write that failed. A harness ended by SIGINT, SIGTERM or SIGHUP while it writes removes its own first;
/// one killed outright (SIGKILL) cannot, and the next write in that folder removes what it left, as its process is
/// gone.
enum TemporaryFiles {
    static let prefix = ".harness-output-"

    /// A new, empty file in the folder open as `folder`, open for writing, with the mode a new file gets (0666 less
    /// the umask); until `finished`, a signal that ends the harness removes it.
    static func create(in folder: Int32, calls: OutputCalls) throws(OutputCalls.Failure) -> (
        name: String, descriptor: Int32
    ) {
        _ = removedOnSignals
        while true {
            let name = prefix + "\(getpid())-\(serials.next())"
            // Named for the handler before the file exists: a signal just after it is made still finds it.
            pending(name, in: folder)
            do {
                let descriptor = try calls.perform(.open) {
                    Int(openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666))
                }
                return (name, Int32(descriptor))
            } catch  where error.code == EEXIST {
                continue
            } catch {
                finished()
                throw error
            }
        }
    }

    /// The temporary file was renamed or removed: no handler may remove a file of that name now.
    static func finished() { pendingFolder = -1 }

    /// Removes the temporary file `name` from `folder` (it was not renamed).
    static func remove(_ name: String, in folder: Int32, calls: OutputCalls) {
        _ = try? calls.perform(.unlink) { Int(unlinkat(folder, name, 0)) }
        finished()
    }

    /// Removes the temporary files in `folder` of harnesses that have ended; leaves every other file alone.
    static func removeLeftovers(in folder: Int32, calls: OutputCalls) {
        guard let copy = try? calls.perform(.listFolder, { Int(dup(folder)) }) else { return }
        guard let listing = fdopendir(Int32(copy)) else {
            close(Int32(copy))
            return
        }
        defer { closedir(listing) }
        var leftovers: [String] = []
        while let entry = readdir(listing) {
            guard let name = RawName(entry).text, name.hasPrefix(prefix),
                let writer = pid_t(name.dropFirst(prefix.count).prefix { $0 != "-" }),
                writer != getpid(), kill(writer, 0) != 0, errno == ESRCH
            else { continue }
            leftovers.append(name)
        }
        for name in leftovers { _ = try? calls.perform(.unlink) { Int(unlinkat(folder, name, 0)) } }
    }

    /// Numbers the temporary files of this process.
    private static let serials = Serials()

    private final class Serials: @unchecked Sendable {
        private let lock = NSLock()
        private var last = 0
        func next() -> Int {
            lock.withLock {
                last += 1
                return last
            }
        }
    }

    /// The temporary file being written, for the signal handler: its folder's descriptor (-1: none) and its name.
    /// Written by the writing thread only; a handler that reads a name half rewritten can only name another
    /// temporary file of this process, which is ending anyway.
    nonisolated(unsafe) private static var pendingFolder: Int32 = -1
    nonisolated(unsafe) private static let pendingName = UnsafeMutablePointer<CChar>.allocate(capacity: 64)

    private static func pending(_ name: String, in folder: Int32) {
        pendingFolder = -1
        let bytes = Array(name.utf8CString.prefix(63)) + [0]
        for (index, byte) in bytes.enumerated() { pendingName[index] = byte }
        pendingFolder = folder
    }

    /// Handlers for the signals that end a harness, installed with the first temporary file; a signal the harness
    /// was started ignoring (`nohup`) stays ignored.
    private static let removedOnSignals: Void = {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(signalNumber) { signalNumber in
                let folder = TemporaryFiles.pendingFolder
                if folder >= 0 { unlinkat(folder, TemporaryFiles.pendingName, 0) }
                signal(signalNumber, SIG_DFL)
                raise(signalNumber)
            }
            if previous.map({ unsafeBitCast($0, to: Int.self) }) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(signalNumber, SIG_IGN)
            }
        }
    }()
}
