import Foundation

/// The clock seam: what app code reads instead of `Date()` and `Calendar.current`.
public protocol WallClock: Sendable {
    /// `Date()`.
    var now: Date { get }
    /// `Calendar.current`: its `timeZone` is `timeZone`.
    var calendar: Calendar { get }
    /// `TimeZone.current`.
    var timeZone: TimeZone { get }
}
