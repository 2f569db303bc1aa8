import Foundation

/// Standard output, written with `write(2)` so that a failure is seen, never lost as `print` loses it: a full disk
/// or a failing device is an `OutputError` with the system's reason. When standard output is a regular file, what the
/// harness wrote there is taken back on a failure, so a report is whole or absent. A reader that goes away (`| head`)
/// ends the harness as it ends any program in a pipe, by SIGPIPE.
package enum StandardOutput {
    static let name = "standard output"
    private static let state = State()

    /// Before any work: standard output is open for writing (else, closed, its number would go to the next file the
    /// harness opens). Notes where the harness's output begins, when it is a regular file.
    static func check() throws(OutputError) {
        let flags = fcntl(STDOUT_FILENO, F_GETFL)
        guard flags >= 0, flags & O_ACCMODE != O_RDONLY else {
            throw OutputError(output: name, reason: OutputCalls.Failure(code: EBADF).reason, whileWriting: false)
        }
        state.noteStart()
    }

    /// Writes `text` and a line feed.
    package static func line(_ text: String) throws(OutputError) { try write(text + "\n") }

    static func write(_ text: String, calls: OutputCalls = .live) throws(OutputError) {
        do {
            try calls.writeAll(text.utf8, to: STDOUT_FILENO)
        } catch  where error.code == EPIPE {
            // Ignored until now so that a dead worker's pipe is an error, not the end of the harness.
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        } catch {
            state.takeBack(calls: calls)
            throw OutputError(output: name, reason: error.reason, whileWriting: true)
        }
    }

    /// Where the harness's output began in standard output, when that is a regular file.
    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var start: off_t?
        private var noted = false

        func noteStart() {
            lock.withLock {
                guard !noted else { return }
                noted = true
                var info = stat()
                guard fstat(STDOUT_FILENO, &info) == 0, info.kind == mode_t(S_IFREG) else { return }
                let offset = lseek(STDOUT_FILENO, 0, SEEK_CUR)
                start = offset >= 0 ? offset : nil
            }
        }

        /// Cuts the file back to where the harness's output began.
        func takeBack(calls: OutputCalls) {
            lock.withLock {
                guard let start else { return }
                _ = try? calls.perform(.ftruncate) { Int(ftruncate(STDOUT_FILENO, start)) }
                _ = try? calls.perform(.lseek) { Int(lseek(STDOUT_FILENO, start, SEEK_SET)) }
            }
        }
    }
}

/// Standard error, where the harness says what went wrong. A failure to write there is ignored, never a trap as in
/// `FileHandle.write`: there is nowhere left to say it, and the exit status still tells.
package enum StandardError {
    package static func line(_ text: String) { write(text + "\n") }

    static func write(_ text: String) { _ = try? OutputCalls.live.writeAll(text.utf8, to: STDERR_FILENO) }

    /// A closed standard input or error gets a descriptor that reads nothing and takes no writes (the root folder,
    /// read-only), so that no file the harness opens takes its number and has messages written into it.
    static func occupyClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let root = open("/", O_RDONLY | O_DIRECTORY)
            if root >= 0 && root != descriptor {
                dup2(root, descriptor)
                close(root)
            }
        }
    }
}
