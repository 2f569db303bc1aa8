import Dispatch
import Foundation
import Harness

/// CPU time, the benchmarks' measure of cost: unlike wall-clock time it leaves out what other
/// programs on a shared machine take and the time spent waiting, and it counts busy-waiting.
enum CPUTime {
    /// User plus system seconds of this process's threads and of every child it has reaped.
    static var now: Double { seconds(.ownThreads) + seconds(.reapedChildren) }

    /// The CPU seconds `body` costs, its child processes' included. Every child must have ended and
    /// been reaped before and after, so that none of their time goes uncounted or counts twice.
    static func spent(_ body: () throws -> Void) throws -> Double {
        try ChildProcesses.awaitAllReaped()
        let start = now
        try body()
        try ChildProcesses.awaitAllReaped()
        return now - start
    }

    /// The largest resident set of any child process reaped so far, in megabytes.
    static var childrenPeakMegabytes: Double {
        let usage = Usage.reapedChildren.read()
        #if os(Linux)
            return Double(usage.ru_maxrss) / 1024
        #else
            return Double(usage.ru_maxrss) / 1_048_576
        #endif
    }

    private static func seconds(_ who: Usage) -> Double {
        let usage = who.read()
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Whose resource usage `getrusage` reports.
    private enum Usage {
        case ownThreads
        case reapedChildren

        func read() -> rusage {
            var usage = rusage()
            #if os(Linux)
                let who = self == .ownThreads ? RUSAGE_SELF : RUSAGE_CHILDREN
                getrusage(__rusage_who_t(who.rawValue), &usage)
            #else
                getrusage(self == .ownThreads ? RUSAGE_SELF : RUSAGE_CHILDREN, &usage)
            #endif
            return usage
        }
    }
}

/// The bench's child processes (workers, one-off runs): their CPU time counts only once they are reaped.
enum ChildProcesses {
    /// Returns once this process has no child left, running or waiting to be reaped (Foundation's
    /// `Process` reaps its own); throws if one is still there after `timeout` seconds.
    static func awaitAllReaped(timeout: Double = 30) throws {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        var info = siginfo_t()
        // WNOWAIT only looks: reaping stays with the `Process` that started the child.
        while waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) == 0 {
            guard DispatchTime.now().uptimeNanoseconds < deadline else {
                throw BenchError("a child process was still running \(Int(timeout)) s after its measurement ended")
            }
            usleep(1000)
        }
        guard errno == ECHILD else {
            throw BenchError("could not tell whether child processes are running (errno \(errno))")
        }
    }
}
