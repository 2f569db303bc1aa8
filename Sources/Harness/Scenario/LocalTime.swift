import Foundation

/// Wall-clock times in a time zone, as `clock` steps name them.
enum LocalTime {
    /// The instant `setting` names in `zone`. A time that clocks going forward skip is refused:
    /// Foundation would quietly move it past the gap.
    static func instant(of setting: ClockSetting, in zone: TimeZone) throws(ValueProblem) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let wanted = DateComponents(
            year: setting.year, month: setting.month, day: setting.day,
            hour: setting.hour, minute: setting.minute, second: setting.second)
        let fields: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute, .second]
        guard let date = calendar.date(from: wanted) else {
            throw ValueProblem("\(text(setting)) is not a time in \(zone.identifier)")
        }
        func parts(_ c: DateComponents) -> [Int?] { [c.year, c.month, c.day, c.hour, c.minute, c.second] }
        guard parts(calendar.dateComponents(fields, from: date)) != parts(wanted) else { return date }
        var problem = "\(text(setting)) does not exist in \(zone.identifier): clocks go forward"
        if let jump = jump(around: date, in: zone) { problem += " " + jump }
        throw ValueProblem(problem)
    }

    /// `2026-03-29 01:30` (with seconds when there are any).
    private static func text(_ setting: ClockSetting) -> String {
        let seconds = setting.second == 0 ? "" : String(format: ":%02d", setting.second)
        return String(
            format: "%04d-%02d-%02d %02d:%02d", setting.year, setting.month, setting.day,
            setting.hour, setting.minute) + seconds
    }

    /// `from 01:00 to 02:00 that day` (with the days when the jump crosses midnight): the wall-clock
    /// times either side of the change of offset nearest `date`.
    private static func jump(around date: Date, in zone: TimeZone) -> String? {
        guard let change = zone.nextDaylightSavingTimeTransition(after: date.addingTimeInterval(-2 * 86_400)),
            abs(change.timeIntervalSince(date)) < 2 * 86_400
        else { return nil }
        let before = zone.secondsFromGMT(for: change.addingTimeInterval(-1))
        let after = zone.secondsFromGMT(for: change)
        guard after > before else { return nil }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        func wallClock(_ offset: Int) -> DateComponents {
            let instant = change.addingTimeInterval(TimeInterval(offset))
            return utc.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        }
        let (from, to) = (wallClock(before), wallClock(after))
        func day(_ c: DateComponents) -> String {
            String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
        }
        func time(_ c: DateComponents) -> String { String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0) }
        guard day(from) == day(to) else { return "from \(day(from)) \(time(from)) to \(day(to)) \(time(to))" }
        return "from \(time(from)) to \(time(to)) that day"
    }
}
