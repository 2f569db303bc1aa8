import Foundation

/// The main-queue seam of a simulated world: work waits in its process until the harness runs the
/// queue (`SimulatedWorld.runMainQueue`), and dies with the process.
struct SimulatedMainQueue: MainQueue {
    let world: SimulatedWorld
    let process: Int

    func async(_ work: @escaping () -> Void) {
        let work = MainQueueWork(work)
        world.lock.withLock {
            guard world.process?.id == process, world.process?.alive == true else { return }
            world.process?.mainQueue.append(work)
        }
    }

    func asyncAfter(seconds: Double, _ work: @escaping () -> Void) {
        let work = MainQueueWork(work)
        world.lock.withLock {
            guard world.process?.id == process, world.process?.alive == true else { return }
            guard let uptime = world.process?.uptime else { return }
            world.process?.timers.append((due: uptime + max(seconds, 0), work: work))
        }
    }
}

extension SimulatedWorld {
    /// How many jobs the running process has scheduled and not run yet.
    public var pendingMainQueueWork: Int {
        lock.withLock { process?.alive == true ? process?.mainQueue.count ?? 0 : 0 }
    }

    /// Runs the running process's pending work on its thread, in order, including work that work schedules.
    /// Returns nil when the process died in it, as `perform` does.
    ///
    /// A thread that dies in the work never releases what its frames own, so they own neither this world nor
    /// the work: the caller holds the world while `perform` runs, and the process holds the work it runs.
    @discardableResult
    public func runMainQueue() -> Void? {
        guard pendingMainQueueWork > 0 else { return () }
        return perform { [unowned(unsafe) self] in
            while let work = nextMainQueueWork() {
                work._withUnsafeGuaranteedRef { $0.run() }
                finishMainQueueWork()
            }
        }
    }

    /// Drops the pending work of the running process (a run that ends with work pending: the work holds
    /// the app, and through it this world).
    public func discardMainQueue() {
        lock.withLock {
            process?.mainQueue = []
            process?.timers = []
        }
    }

    private func nextMainQueueWork() -> Unmanaged<MainQueueWork>? {
        lock.withLock {
            guard process?.alive == true, process?.mainQueue.isEmpty == false else { return nil }
            let work = process?.mainQueue.removeFirst()
            process?.runningWork = work
            return work.map(Unmanaged.passUnretained)
        }
    }

    /// Lets go of the work that ran, outside the lock: what it held may be the last of app objects.
    private func finishMainQueueWork() {
        _ = lock.withLock { process?.runningWork.take() }
    }
}

/// Work the app scheduled on its main queue, in a box the process can own while it runs.
final class MainQueueWork: @unchecked Sendable {
    let run: () -> Void

    init(_ run: @escaping () -> Void) { self.run = run }
}
