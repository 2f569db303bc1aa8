import Foundation

/// The date picker of the screen where the user logs a workout done on an earlier day: it offers
/// today and earlier days, and keeps the time of day it is now (as SwiftUI's DatePicker does).
public enum WorkoutDatePicker {
    /// The date picked for `year`-`month`-`day` in `calendar`, or nil for a day after today.
    public static func date(year: Int, month: Int, day: Int, now: Date, calendar: Calendar) -> Date? {
        var parts = calendar.dateComponents([.hour, .minute, .second], from: now)
        (parts.year, parts.month, parts.day) = (year, month, day)
        guard let date = calendar.date(from: parts),
            calendar.compare(date, to: now, toGranularity: .day) != .orderedDescending
        else { return nil }
        return date
    }
}
