import Foundation
import Harness

/// What the user does in Habits.
enum HabitAction: Hashable, Sendable {
    case add(String)
    case done(String)
}

/// `expect habits: Read 2, Walk 0`: exactly these habits with these streaks, in order.
struct HabitsCheck: PluginCheck {
    struct Shown: Hashable, Sendable {
        var name: String
        var streak: Int
    }

    var habits: [Shown]

    var expected: String { Self.describe(habits) }

    static func describe(_ habits: [Shown]) -> String {
        habits.isEmpty ? "no habits" : habits.map { "\($0.name) \($0.streak)" }.joined(separator: ", ")
    }

    /// The `habits` observation: each habit's name and streak.
    static func value(_ habits: [Shown]) -> ObservedValue {
        .list(habits.map { .record([.text($0.name), .integer($0.streak)]) })
    }

    static func shown(_ value: ObservedValue?) -> [Shown] {
        guard case .list(let habits)? = value else { return [] }
        return habits.compactMap { habit in
            guard case .record(let fields) = habit, fields.count == 2, case .text(let name) = fields[0],
                case .integer(let streak) = fields[1]
            else { return nil }
            return Shown(name: name, streak: streak)
        }
    }

    @Sendable static func expectations(_ value: ObservedValue, calendar: Calendar) -> [String] {
        let habits = shown(value)
        return [habits.isEmpty ? "expect habits empty" : "expect habits: " + describe(habits)]
    }
}
