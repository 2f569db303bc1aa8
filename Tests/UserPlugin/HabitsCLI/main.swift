import HabitsPlugin
// The Habits app's own harness: `HabitsCLI run Scenarios`, `HabitsCLI explore Scenarios`; it is
// also the worker its runs start (`HabitsCLI worker`).
import Harness

HarnessCommand.main(plugins: [.habits])
