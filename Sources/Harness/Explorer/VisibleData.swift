import Foundation
import Sandbox

/// The user's data as the app shows it: what must survive a fault and a relaunch.
public struct VisibleData: Sendable, Hashable, Codable {
    /// HIITFit: "2026-03-01: Squat, Burpee", newest day first, named in the phone's time zone
    /// when observed (for messages and reproductions; not compared).
    public var history: [String] = []
    /// HIITFit: each day by its instant ("1772352000: Squat, Burpee"): the same day whatever the time zone.
    public var days: [String] = []
    /// HIITFit: the ratings string (kept in the key-value store).
    public var ratings: String?
    /// Checklists: "[x] Buy milk".
    public var items: [String] = []
    /// Names to Faces (kept in the key-value store).
    public var people: [String] = []

    public static func == (a: VisibleData, b: VisibleData) -> Bool {
        a.days == b.days && a.ratings == b.ratings && a.items == b.items && a.people == b.people
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(days)
        hasher.combine(ratings)
        hasher.combine(items)
        hasher.combine(people)
    }

    /// Whether every entry of `other` is here too (history exercises per day, items, people),
    /// and its ratings, when it has any.
    func contains(_ other: VisibleData) -> Bool {
        if let ratings = other.ratings, ratings.contains(where: { $0 != "0" }), ratings != self.ratings { return false }
        func entries(_ data: VisibleData) -> [String] {
            var result: [String] = []
            for day in data.days {
                let parts = day.split(separator: ":", maxSplits: 1)
                let date = String(parts.first ?? "")
                let exercises = parts.count > 1 ? parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : []
                result += exercises.map { "history \(date) \($0)" }
            }
            return result + data.items.map { "item " + $0 } + data.people.map { "person " + $0 }
        }
        var mine: [String: Int] = [:]
        for entry in entries(self) { mine[entry, default: 0] += 1 }
        for entry in entries(other) {
            guard let count = mine[entry], count > 0 else { return false }
            mine[entry] = count - 1
        }
        return true
    }

    /// Equal apart from what lives in the key-value store.
    func sameFiles(as other: VisibleData) -> Bool {
        days == other.days && items == other.items
    }

    /// Scenario lines that expect exactly this data.
    func expectations(for app: AppName) -> [String] {
        switch app {
        case .hiitfit:
            var lines = [history.isEmpty ? "expect history empty" : "expect history days \(history.count)"]
            lines += history.map { "expect history \($0)" }
            if let ratings, !ratings.isEmpty { lines.append("expect ratings \(ratings)") }
            return lines
        case .checklists:
            return [items.isEmpty ? "expect items empty" : "expect items: " + items.joined(separator: ", ")]
        case .namestofaces:
            return [people.isEmpty ? "expect people empty" : "expect people: " + people.joined(separator: ", ")]
        }
    }
}

/// Day names (`2026-03-01`) for dates in one calendar, remembered: a run names the same days again and again.
final class DayNames {
    private var calendar: Calendar
    private var names: [Date: String] = [:]

    init(calendar: Calendar) { self.calendar = calendar }

    /// Switches to `calendar` (comparing calendars is slow: once per observation, not per day).
    func use(_ calendar: Calendar) {
        guard calendar != self.calendar else { return }
        self.calendar = calendar
        names = [:]
    }

    func name(_ date: Date) -> String {
        if let known = names[date] { return known }
        let name = Self.name(date, in: calendar)
        names[date] = name
        return name
    }

    /// `2026-03-01`: the day `date` falls on in `calendar`.
    static func name(_ date: Date, in calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

extension AppObservation {
    /// The observation reduced to the user's data, with days named in `calendar`.
    func visibleData(calendar: Calendar, names: DayNames? = nil) -> VisibleData {
        let names = names ?? DayNames(calendar: calendar)
        names.use(calendar)
        return VisibleData(
            history: history.map { day in "\(names.name(day.date)): " + day.exercises.joined(separator: ", ") },
            days: history.map { day in "\(Int(day.date.timeIntervalSince1970)): " + day.exercises.joined(separator: ", ") },
            ratings: ratings,
            items: items.map { ($0.checked ? "[x] " : "[ ] ") + $0.text },
            people: people)
    }
}

/// What an exploring run saw, for the oracles to judge.
public struct ExplorationRecord: Sendable, Hashable, Codable {
    /// After each step run, the user's data (nil while the app is not running).
    public var observations: [VisibleData?] = []
    /// The scenario-step index of each step run, in order.
    public var stepIndexes: [Int] = []
    /// How many operations had run before each step run.
    public var stepStarts: [Int] = []
    /// Whether each step run raised a new alert (the user was told something).
    public var alertsRaised: [Bool] = []
    /// The step (scenario index) during which the schedule's fault fired.
    public var firedAtStep: Int?
    /// The fault killed the process (the run stopped there).
    public var crashed = false
    /// After the fault: the app was backgrounded and killed, the fault cleared, and the app
    /// relaunched. What it showed then.
    public var recovered: VisibleData?
    public var recoveredAlert = false
    /// A crash lost key-value changes that had not been flushed.
    public var lostUnflushedDefaults = false
    /// Files a read fault hid whose bytes are now nowhere in the container.
    public var overwritten: [String] = []
    /// The fault hit the key-value store's own file.
    public var platformFault = false
    /// FNV-1a of the whole trace: equal hashes, equal runs.
    public var traceHash = ""
}
