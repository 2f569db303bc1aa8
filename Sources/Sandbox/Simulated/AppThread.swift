import Foundation

/// The thread one launch of the app runs on while an armed fault could kill it inside a call
/// (otherwise `SimulatedWorld.perform` runs app code on the caller's thread). When the process "dies" inside a seam
/// call, that thread ends there with `pthread_exit`, exactly as a killed process never
/// runs another instruction, and the harness goes on. `pthread_exit` runs no Swift code
/// of the app: Swift frames have no cleanups for glibc's forced unwind to run (their
/// `defer` blocks and releases are skipped), and Darwin does not unwind at all. What the
/// dead frames owned stays allocated, so the harness's frames here own nothing of the process (see
/// `runMainQueue` and the session's driver); the thread and its stack are given back. A process that ends
/// between two calls frees its thread for a later launch (`make`), which saves starting one.
///
/// Hand-offs spin briefly before sleeping: many app calls are shorter than waking a sleeping
/// thread. Briefly: a spin is CPU time spent, and on a busy machine the other thread may not
/// even be running (at 2,000 turns, spinning was a fifth of a worker's CPU time on short runs).
final class AppThread: @unchecked Sendable {
    private let lock = NSLock()
    private let work = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var job: (() -> Void)?
    private var posted = 0
    private var finished = 0
    private var appSleeping = false
    private var harnessSleeping = false
    private var stopped = false
    /// Ended inside a seam call (`exitAfterDeath`): it never takes another job.
    private var exited = false
    /// Waiting among the idle threads for the next launch.
    private var idle = false
    private weak var thread: Thread?
    private static let spins = 100
    /// Threads of processes that ended between two calls, for the next launches: starting a thread costs
    /// more than many a run's calls together.
    private static let idleThreads = IdleThreads()

    /// A thread for a new process: an idle one, else a new one.
    static func make() -> AppThread {
        guard let reused = idleThreads.take() else { return AppThread() }
        reused.lock.withLock { reused.idle = false }
        return reused
    }

    private init() {
        let thread = Thread { [self] in loop() }
        thread.stackSize = 8 << 20
        thread.name = "simulated app"
        self.thread = thread
        thread.start()
    }

    var isCurrent: Bool { Thread.current === thread }

    private func loop() {
        var taken = 0
        while true {
            var spins = 0
            while lock.withLock({ posted == taken && !stopped }) && spins < Self.spins { spins += 1 }
            let sleep = lock.withLock { () -> Bool in
                if posted == taken && !stopped {
                    appSleeping = true
                    return true
                }
                return false
            }
            if sleep { work.wait() }
            // Taken, not kept: a kept job would hold the app, and through it the world that owns this thread.
            let next: (() -> Void)? = lock.withLock {
                defer { job = nil }
                return stopped ? nil : job
            }
            guard let next else { return }
            taken += 1
            next()
            finish()
        }
    }

    /// Marks the current job finished and wakes the harness if it sleeps.
    private func finish() {
        let wake = lock.withLock { () -> Bool in
            finished += 1
            defer { harnessSleeping = false }
            return harnessSleeping
        }
        if wake { done.signal() }
    }

    /// Runs `body` on the app thread; returns when it returns or the process dies in it.
    func run(_ body: @escaping () -> Void) {
        let (ticket, wake) = lock.withLock { () -> (Int, Bool) in
            job = body
            posted += 1
            defer { appSleeping = false }
            return (posted, appSleeping)
        }
        if wake { work.signal() }
        var spins = 0
        while lock.withLock({ finished < ticket }) && spins < Self.spins { spins += 1 }
        let sleep = lock.withLock { () -> Bool in
            if finished < ticket {
                harnessSleeping = true
                return true
            }
            return false
        }
        if sleep { done.wait() }
    }

    /// Called on the app thread when its process dies in a seam call: wakes the harness
    /// and ends this thread where it stands.
    func exitAfterDeath() -> Never {
        lock.withLock { exited = true }
        finish()
        pthread_exit(nil)
    }

    /// Frees the thread of a process that exited or was killed between two calls, which runs none of that
    /// process's code again: kept idle for the next launch while few are, else ended.
    func stop() {
        let wake = lock.withLock { () -> Bool in
            guard !exited, !stopped, !idle else { return false }
            idle = Self.idleThreads.put(self)
            if idle { return false }
            stopped = true
            defer { appSleeping = false }
            return appSleeping
        }
        if wake { work.signal() }
    }
}

/// The idle app threads, at most two: a run has one process at a time, and a worker runs one run at a time.
private final class IdleThreads: @unchecked Sendable {
    private let lock = NSLock()
    private var threads: [AppThread] = []

    func put(_ thread: AppThread) -> Bool {
        lock.withLock {
            guard threads.count < 2 else { return false }
            threads.append(thread)
            return true
        }
    }

    func take() -> AppThread? { lock.withLock { threads.popLast() } }
}
