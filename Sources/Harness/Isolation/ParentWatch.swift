import Foundation

/// Ends a worker once the harness that started it is gone, however it ended: a worker left
/// behind would go on running a job at full speed with nobody to read its answer.
enum ParentWatch {
    /// Set by the parent to its process id, so a worker started just as its parent died can tell.
    static let parentVariable = "HARNESS_PARENT_PID"
    /// How often the watching thread looks (a worker outlives its parent by at most this long).
    static let interval: useconds_t = 100_000

    /// Written once, before the watch starts; read by the signal handler.
    nonisolated(unsafe) private static var parent: pid_t = 0

    /// `named`: the process to outlive by no more than `interval` (nil: the harness named in the environment).
    static func start(expecting named: pid_t? = nil) {
        let expected =
            named ?? ProcessInfo.processInfo.environment[parentVariable].flatMap { pid_t($0) } ?? getppid()
        parent = expected
        #if os(Linux)
            // The kernel signals at once when the parent dies, but also when just the thread that
            // started this worker ends: the handler exits only if the parent is really gone.
            signal(SIGUSR1) { _ in if getppid() != ParentWatch.parent { _exit(0) } }
            setParentDeathSignal(SIGUSR1)
        #endif
        if getppid() != expected { _exit(0) }
        Thread.detachNewThread {
            while getppid() == expected { usleep(interval) }
            _exit(0)
        }
    }

    #if os(Linux)
        /// `prctl(PR_SET_PDEATHSIG, signal)`: prctl is variadic in C, so Swift reaches it through its symbol.
        private static func setParentDeathSignal(_ signal: Int32) {
            typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
            let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG
            guard let symbol = dlsym(nil, "prctl") else { return }
            _ = unsafeBitCast(symbol, to: Prctl.self)(setParentDeathSignal, UInt(signal), 0, 0, 0)
        }
    #endif
}
