import Foundation

/// Day names for what is printed: `2026-03-01`, the day an instant falls on in the phone's calendar.
/// Observations keep instants; only messages and reproductions name days.
public enum DayNames {
    /// The day `date` falls on in `calendar`, as `YYYY-MM-DD`.
    public static func name(of date: Date, in calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The calendar a scenario's days are named in: Gregorian, in the time zone `identifier` (UTC if unknown).
    public static func calendar(timeZone identifier: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC")!
        return calendar
    }
}
