// The Habits app as a harness plug-in, on the public API of Harness only.
import Foundation
import Habits
import Harness
import Sandbox

extension AppPlugin {
    /// Habits: the habit list in `Documents/habits.json`, saved when the app goes to the background.
    public static let habits = AppPlugin(
        name: "habits", bundleIdentifier: "com.example.Habits",
        stores: [.file("habits", at: "Documents/habits.json")],
        observations: [
            ObservationDeclaration(
                name: "habits", store: "habits", comparison: .entries,
                expectations: HabitsCheck.expectations)
        ],
        actions: [
            ActionDeclaration(verb: "habit", usage: "habit add NAME | habit done NAME") {
                reader throws(ScenarioError) in
                let (sub, _) = try reader.choice("habit action", ["add", "done"])
                reader.usage = "habit \(sub) NAME"
                let name = try reader.rest().text
                return PluginValue(sub == "add" ? HabitAction.add(name) : .done(name))
            }
        ],
        checks: [
            CheckDeclaration(name: "habits", usage: "expect habits empty | expect habits: NAME N, NAME N") {
                reader throws(ScenarioError) in
                try reader.empty(after: "habits")
                return AppCheck(HabitsCheck(habits: []))
            },
            CheckDeclaration(name: "habits:", usage: "expect habits empty | expect habits: NAME N, NAME N") {
                reader throws(ScenarioError) in
                var shown: [HabitsCheck.Shown] = []
                for entry in try reader.list(reader.remaining()) {
                    guard entry.count >= 2 else { throw reader.error(entry[0], "expected a name and its streak") }
                    let streak = try reader.wholeNumber(entry[entry.count - 1])
                    shown.append(
                        HabitsCheck.Shown(
                            name: entry.dropLast().map(\.text).joined(separator: " "),
                            streak: streak))
                }
                return AppCheck(HabitsCheck(habits: shown))
            },
        ],
        editions: [
            AppEdition(name: "mine", summary: "HabitStore as the Habits app ships it") { launch in
                HabitsDriver(store: HabitStore(env: launch.environment))
            }
        ])
}
