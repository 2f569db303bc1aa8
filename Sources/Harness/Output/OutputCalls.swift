import Foundation

/// The system calls the harness makes to write its outputs, as one seam: each goes through `perform`, where a test
/// can make the call of its choice fail, to see that every failure path leaves the output whole and no temporary
/// file behind.
struct OutputCalls: Sendable {
    /// The calls, by the names of the system calls.
    enum Call: String, Sendable, CaseIterable {
        case lstat, stat, readlink, access, mkdir, openFolder, listFolder, open, write, fchmod, fchown, fsync, close,
            rename, unlink
        case ftruncate, lseek, poll
    }

    /// A call that failed: its error number, and the system's words for it (`No space left on device`).
    struct Failure: Error, Sendable, Hashable {
        var code: Int32
        var reason: String { String(cString: strerror(code)) }
    }

    /// Before each call: an error number to fail it with instead of making it, or nil to make it.
    var injected: @Sendable (Call) -> Int32?

    /// The real calls.
    static let live = OutputCalls(injected: { _ in nil })

    /// `body`, a system call that returns -1 and sets `errno` when it fails, made again when a signal interrupted it.
    @discardableResult
    func perform(_ call: Call, _ body: () -> Int) throws(Failure) -> Int {
        if let code = injected(call) { throw Failure(code: code) }
        while true {
            let result = body()
            if result >= 0 { return result }
            // A close interrupted by a signal has closed the descriptor all the same: never made twice.
            if errno == EINTR && call != .close { continue }
            throw Failure(code: errno)
        }
    }

    /// What is at `path`: the link itself (`lstat`), or what it leads to when `following` (`stat`).
    func status(_ path: String, following: Bool = false) throws(Failure) -> stat {
        var info = stat()
        if following {
            try perform(.stat) { Int(stat(path, &info)) }
        } else {
            try perform(.lstat) { Int(lstat(path, &info)) }
        }
        return info
    }

    /// Where the symbolic link at `path` points, as it says.
    func destination(ofLink path: String) throws(Failure) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = try perform(.readlink) { readlink(path, &buffer, buffer.count - 1) }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes all of `bytes` to `descriptor`, however many calls it takes; waits while a non-blocking one is full.
    func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) throws(Failure) {
        let bytes = Array(bytes)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Result { () throws(Failure) in
                    try perform(.write) { write(descriptor, buffer.baseAddress! + written, buffer.count - written) }
                }
            }
            switch result {
            case .success(let count): written += count
            case .failure(let failure) where failure.code == EAGAIN || failure.code == EWOULDBLOCK:
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                try perform(.poll) { Int(poll(&ready, 1, -1)) }
            case .failure(let failure): throw failure
            }
        }
    }
}

extension stat {
    /// The file type bits: `S_IFREG`, `S_IFDIR`, `S_IFLNK`...
    var kind: mode_t { mode_t(st_mode) & mode_t(S_IFMT) }
}
