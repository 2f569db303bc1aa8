import Foundation

/// The main-queue seam as `DispatchQueue.main` runs it: for app code in production, never a simulated run.
public struct LiveMainQueue: MainQueue {
    public init() {}

    public func async(_ work: @escaping () -> Void) {
        // The work is handed to the main thread, where app code that schedules it runs too.
        nonisolated(unsafe) let work = work
        DispatchQueue.main.async { work() }
    }

    public func asyncAfter(seconds: Double, _ work: @escaping () -> Void) {
        nonisolated(unsafe) let work = work
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { work() }
    }
}
