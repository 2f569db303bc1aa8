import Foundation
import Habits
import Harness

/// The habit list screen as the harness drives it.
final class HabitsDriver: AppDriver {
    private let store: HabitStore

    init(store: HabitStore) { self.store = store }

    func perform(_ action: PluginValue) throws(ActionError) {
        switch action.as(HabitAction.self) {
        case .add(let name)?:
            store.add(name)
        case .done(let name)?:
            guard store.habits.contains(where: { $0.name == name }) else {
                throw ActionError("no habit named '\(name)'")
            }
            store.markDone(name)
        case nil:
            throw ActionError("not a Habits action")
        }
    }

    func enterBackground() { store.sceneDidEnterBackground() }

    func observe() -> Observation {
        Observation(values: ["habits": HabitsCheck.value(store.habits.map { .init(name: $0.name, streak: $0.streak) })])
    }

    func evaluate(_ check: AppCheck, in context: CheckContext) -> CheckFinding {
        guard let expected = check.value.as(HabitsCheck.self) else {
            return CheckFinding.cannotEvaluate("not a Habits check")
        }
        let shown = HabitsCheck.shown(observe().values["habits"])
        return CheckFinding(holds: shown == expected.habits, found: HabitsCheck.describe(shown))
    }
}
