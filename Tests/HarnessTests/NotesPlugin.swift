import Foundation
import Harness
import Sandbox

/// A tiny test-only app: notes, one per line of `Documents/notes.txt` as `ID<tab>TEXT`, saved at once.
/// Its editions differ only where the tests need them to.
final class NotesApp: AppDriver {
    private let env: AppEnvironment
    private var notes: [(id: String, text: String)] = []
    /// `renumbers`: a load gives every note a fresh id (the flaw `expect ids kept` catches).
    private let renumbers: Bool
    /// `defers`: the load runs from the screen's `.task {}`, after launch, and notes are saved on
    /// backgrounding only, so a note added before the load is replaced by what the file held.
    private let defers: Bool
    /// `defers-merging`: as `defers`, but the load puts the stored notes before those added meanwhile.
    private let merges: Bool
    /// `plain`: the file is rewritten in place, not atomically, so a crash inside the write tears it.
    private let inPlace: Bool
    /// `debounced`: a change is saved two seconds later, by a timer.
    private let debounced: Bool

    init(
        env: AppEnvironment, renumbers: Bool = false, defers: Bool = false, merges: Bool = false, inPlace: Bool = false,
        debounced: Bool = false
    ) {
        self.env = env
        self.renumbers = renumbers
        self.defers = defers
        self.merges = merges
        self.inPlace = inPlace
        self.debounced = debounced
        if defers {
            env.mainQueue.async { self.load() }
        } else {
            load()
        }
    }

    private var fileURL: URL { env.files.urls(for: .documents)[0].appendingPathComponent("notes.txt") }

    func load() {
        guard let text = try? env.files.string(contentsOf: fileURL, encoding: .utf8) else { return }
        let stored = text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            return (renumbers ? env.identifiers.next().uuidString : fields[0], fields.last ?? "")
        }
        notes = merges ? stored + notes : stored
    }

    func perform(_ action: PluginValue) throws(ActionError) {
        guard let text = action.as(String.self) else { throw ActionError("not a Notes action") }
        notes.append((env.identifiers.next().uuidString, text))
        if debounced {
            env.mainQueue.asyncAfter(seconds: 2) { self.save() }
        } else if !defers {
            save()
        }
    }

    func enterBackground() { if defers { save() } }

    private func save() {
        let lines = notes.map { "\($0.id)\t\($0.text)\n" }.joined()
        try? env.files.write(lines, to: fileURL, atomically: !inPlace, encoding: .utf8)
    }

    func observe() -> Observation {
        Observation(values: [
            "notes": .list(notes.map { .text($0.text) }), "noteIds": .list(notes.map { .text($0.id) }),
        ])
    }

    func evaluate(_ check: AppCheck, in context: CheckContext) -> CheckFinding {
        let shown = NotesCheck(notes: notes.map(\.text))
        return CheckFinding(holds: check.value.as(NotesCheck.self) == shown, found: shown.expected)
    }
}

/// `expect notes: A, B`: exactly these notes, in order.
struct NotesCheck: PluginCheck {
    var notes: [String]
    var expected: String { notes.isEmpty ? "no notes" : notes.joined(separator: ", ") }
}

extension AppPlugin {
    /// Notes: `note TEXT` adds one; `expect notes: A, B` (comma separated, as shown).
    static let notes = AppPlugin(
        name: "notes", bundleIdentifier: "com.example.Notes",
        stores: [.file("notes", at: "Documents/notes.txt")],
        observations: [
            ObservationDeclaration(name: "notes", store: "notes", comparison: .entries),
            ObservationDeclaration(name: "noteIds", store: "notes", comparison: .identities),
        ],
        actions: [
            ActionDeclaration(verb: "note", usage: "note TEXT") { reader throws(ScenarioError) in
                PluginValue(try reader.rest().text)
            }
        ],
        checks: [
            CheckDeclaration(name: "notes:", usage: "expect notes: TEXT, TEXT") { reader throws(ScenarioError) in
                AppCheck(NotesCheck(notes: try reader.names()))
            }
        ],
        editions: [
            AppEdition(name: "keeps", summary: "keeps each note's id") { NotesApp(env: $0.environment) },
            AppEdition(name: "renumbers", summary: "gives every note a fresh id at each load") {
                NotesApp(env: $0.environment, renumbers: true)
            },
            AppEdition(name: "defers", summary: "loads after launch, saves on backgrounding") {
                NotesApp(env: $0.environment, defers: true)
            },
            AppEdition(name: "defers-merging", summary: "loads after launch, keeping notes added meanwhile") {
                NotesApp(env: $0.environment, defers: true, merges: true)
            },
            AppEdition(name: "plain", summary: "rewrites its file in place") {
                NotesApp(env: $0.environment, inPlace: true)
            },
            AppEdition(name: "debounced", summary: "saves a change two seconds later") {
                NotesApp(env: $0.environment, debounced: true)
            },
        ])
}

extension PluginRegistry {
    /// The shipped apps and the test-only Notes app.
    static let withNotes = try! PluginRegistry([.hiitfit, .checklists, .namesToFaces, .notes])
}
