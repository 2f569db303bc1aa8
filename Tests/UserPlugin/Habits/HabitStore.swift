// A user's own app, not one of this repository's: the Habits app's HabitStore, ported onto the
// harness seams with the edits of docs/porting.md. Every edited line ends in `// ported: was …`.
// Its flaws are its own: it saves only when the scene goes to the background, a file it cannot
// decode is an empty list (saved over at the next background), and no Documents folder traps.
import Foundation
import Sandbox  // ported: added

public struct Habit: Codable, Identifiable, Sendable {
    public var id: UUID
    public var name: String
    /// Days done in a row, up to `lastDone`.
    public var streak: Int
    public var lastDone: Date?
}

/// habits.json, version 2. Version 1 was a bare array of names.
struct HabitsFile: Codable {
    var version: Int
    var habits: [Habit]
}

public final class HabitStore {  // ported: was `final class HabitStore: ObservableObject {`
    public private(set) var habits: [Habit] = []  // ported: was `@Published private(set) var habits: [Habit] = []`
    private let env: AppEnvironment  // ported: added
    private let fileURL: URL

    public init(env: AppEnvironment) {  // ported: was `init() {`
        self.env = env  // ported: added
        // ported: was `fileURL = URL.documentsDirectory.appending(path: "habits.json")`
        fileURL = env.files.urls(for: .documents)[0].appendingPathComponent("habits.json")
        load()
    }

    func load() {
        // ported: was `guard let data = try? Data(contentsOf: fileURL) else { return }`
        guard let data = try? env.files.contents(of: fileURL) else { return }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if let file = try? decoder.decode(HabitsFile.self, from: data) {
            habits = file.habits
        } else if let names = try? decoder.decode([String].self, from: data) {
            // ported: was `habits = names.map { Habit(id: UUID(), name: $0, streak: 0) }`
            habits = names.map { Habit(id: env.identifiers.next(), name: $0, streak: 0) }
        } else {
            habits = []
        }
    }

    func save() {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(HabitsFile(version: 2, habits: habits)) else { return }
        // ported: was `try? data.write(to: fileURL, options: .atomic)`
        try? env.files.write(data, to: fileURL, mode: .atomic)
    }

    public func add(_ name: String) {
        // ported: was `habits.append(Habit(id: UUID(), name: name, streak: 0))`
        habits.append(Habit(id: env.identifiers.next(), name: name, streak: 0))
    }

    /// Marks `name` done today: the streak grows when it was done yesterday, else starts again.
    public func markDone(_ name: String) {
        guard let index = habits.firstIndex(where: { $0.name == name }) else { return }
        let today = env.clock.now  // ported: was `let today = Date()`
        let calendar = env.clock.calendar  // ported: was `let calendar = Calendar.current`
        if let last = habits[index].lastDone, calendar.isDate(last, inSameDayAs: today) { return }
        let yesterday = calendar.date(byAdding: .day, value: -1, to: today)!
        let continues = habits[index].lastDone.map { calendar.isDate($0, inSameDayAs: yesterday) } ?? false
        habits[index].streak = continues ? habits[index].streak + 1 : 1
        habits[index].lastDone = today
    }

    /// `.onChange(of: scenePhase)`: the app saves when it goes to the background.
    public func sceneDidEnterBackground() { save() }
}
