import Foundation

/// The clock seam on the real clock: `Date()`, `Calendar.current`, `TimeZone.current`.
public struct LiveClock: WallClock {
    public init() {}
    public var now: Date { Date() }
    public var calendar: Calendar { Calendar.current }
    public var timeZone: TimeZone { TimeZone.current }
}
