import Foundation

/// The thread one launch of the app runs on. When the process "dies" inside a seam
/// call, that thread is parked for good, exactly as a killed process never runs
/// another instruction, and the harness goes on.
final class AppThread: @unchecked Sendable {
    private let work = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var job: (() -> Void)?
    private var thread: Thread?

    /// Threads parked by process deaths since this program started.
    nonisolated(unsafe) private static var parkedCount = 0
    private static let parkedLock = NSLock()
    static var parked: Int { parkedLock.withLock { parkedCount } }

    init() {
        let thread = Thread { [self] in loop() }
        thread.stackSize = 8 << 20
        thread.name = "simulated app"
        self.thread = thread
        thread.start()
    }

    var isCurrent: Bool { Thread.current === thread }

    private func loop() {
        while true {
            work.wait()
            guard let job else { return }
            job()
            done.signal()
        }
    }

    /// Runs `body` on the app thread; returns when it returns or the process dies in it.
    func run(_ body: @escaping () -> Void) {
        job = body
        work.signal()
        done.wait()
    }

    /// Called on the app thread when its process dies: wakes the harness and never returns.
    func parkForever() -> Never {
        Self.parkedLock.withLock { Self.parkedCount += 1 }
        done.signal()
        let never = DispatchSemaphore(value: 0)
        while true { never.wait() }
    }

    /// Ends the thread of a process that exited cleanly.
    func stop() {
        job = nil
        thread = nil
        work.signal()
    }
}
