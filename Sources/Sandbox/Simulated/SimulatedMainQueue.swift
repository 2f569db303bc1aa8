import Foundation

/// The main-queue seam of a simulated world: work waits in its process until the harness runs the
/// queue (`SimulatedWorld.runMainQueue`), and dies with the process.
struct SimulatedMainQueue: MainQueue {
    let world: SimulatedWorld
    let process: Int

    func async(_ work: @escaping () -> Void) {
        nonisolated(unsafe) let work = work
        world.lock.withLock {
            guard world.process?.id == process, world.process?.alive == true else { return }
            world.process?.mainQueue.append(work)
        }
    }

    func asyncAfter(seconds: Double, _ work: @escaping () -> Void) {
        nonisolated(unsafe) let work = work
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
    @discardableResult
    public func runMainQueue() -> Void? {
        guard pendingMainQueueWork > 0 else { return () }
        return perform { [self] in
            while let work = nextMainQueueWork() { work() }
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

    private func nextMainQueueWork() -> (() -> Void)? {
        lock.withLock {
            guard process?.alive == true, process?.mainQueue.isEmpty == false else { return nil }
            return process?.mainQueue.removeFirst()
        }
    }
}
