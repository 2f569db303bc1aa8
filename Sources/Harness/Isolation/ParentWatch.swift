import Foundation

/// Ends a worker once the harness that started it is gone, however it ended: a worker left
/// behind would go on running a job at full speed with nobody to read its answer.
enum ParentWatch {
    /// Set by the parent to its process id, so a worker started just as its parent died can tell.
    static let parentVariable = "HARNESS_PARENT_PID"
    /// How often the watching thread looks at its parent, in milliseconds (a worker outlives a
    /// template that forked it by at most this long).
    static let interval: Int32 = 100

    /// `named`: the process to outlive by no more than `interval` (nil: the harness named in the environment).
    static func start(expecting named: pid_t? = nil) {
        let expected =
            named ?? ProcessInfo.processInfo.environment[parentVariable].flatMap { pid_t($0) } ?? getppid()
        if getppid() != expected { _exit(0) }
        Thread.detachNewThread {
            // Only the harness holds the reading end of this worker's standard output, and the kernel closes it
            // when the harness dies, however it dies: poll reports that at once, unasked (POSIX reports errors and
            // hang-ups whatever `events` says, and asking for nothing leaves the answers' flow unwatched).
            var answers = pollfd(fd: 1, events: 0, revents: 0)
            while getppid() == expected {
                if poll(&answers, 1, interval) > 0 && answers.revents != 0 { break }
            }
            _exit(0)
        }
    }
}
