import Foundation

/// The main-queue seam: work app code schedules for after the current event, where it used to write
/// `DispatchQueue.main.async { ... }`, or a view's `.task { ... }` or `.onAppear { ... }` (each runs
/// once the screen is up, so the user may already act before it does).
///
/// A simulated run decides when it runs: by default at the end of the step that scheduled it, as
/// the run loop would before the user can tap; a scenario can hold it back (`launch deferred`).
public protocol MainQueue: Sendable {
    /// `DispatchQueue.main.async(execute: work)`: runs `work` later on the app's thread, after the work
    /// scheduled before it. Work still pending when the process dies never runs.
    func async(_ work: @escaping () -> Void)
    /// `DispatchQueue.main.asyncAfter(deadline: .now() + seconds)`, a one-shot `Timer` (a save made a moment after
    /// the last change): runs `work` on the app's thread once the clock has moved on `seconds`. In a simulated run
    /// that is a `clock` step; work still pending when the process dies never runs.
    func asyncAfter(seconds: Double, _ work: @escaping () -> Void)
}
