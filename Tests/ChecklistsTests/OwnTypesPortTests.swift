import Checklists
import ChecklistsPlugin
import Foundation
import Harness
import Sandbox
import Testing

/// A port of the lists variant whose model has list and item types of its own, named as the book names
/// them, and a `lists` property of its own: it conforms by extension, as `docs/porting.md` shows.
@Suite struct OwnTypesPortTests {
    static let plugins = try! PluginRegistry([
        AppPlugin.checklists.adding(
            .checklists(
                name: "own-types", summary: "a port with its own Checklist and item types",
                screen: { HardenedChecklistViewController(env: $0) }, lists: { OwnTypesModel(env: $0) })
        ).adding(
            .checklists(
                name: "own-types-at-background", summary: "the same, saving only when the app goes to the background",
                screen: { HardenedChecklistViewController(env: $0) },
                lists: { OwnTypesModel(env: $0, savesOnlyAtBackground: true) }))
    ])

    @Test func aModelWithItsOwnTypesIsDrivenAndObserved() throws {
        let text = """
            app checklists lists
            launch
            expect lists: List
            list add Work
            list open 1
            item add Call mum
            item toggle 0
            expect items: [x] Call mum
            expect item ids unique
            list rename 1 Errands
            expect lists: List, Errands
            kill
            launch
            expect lists: List, Errands
            list open 1
            expect items: [x] Call mum

            """
        let scenario = try ScenarioParser.parse(text, file: "own.scenario", plugins: Self.plugins)
        let result = ScenarioRunner(edition: "own-types").run(scenario)
        #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.found)" } ?? "")")
        #expect(result.verdict == .passed)
    }
}

/// The lists variant as a port might have it: its own types, saved as JSON after every change (or only at
/// background), and the first launch's list made when the `FirstTime` flag says so.
final class OwnTypesModel {
    final class Checklist: Codable {
        var name: String
        var items: [ChecklistItem] = []
        init(name: String) { self.name = name }
    }

    final class ChecklistItem: Codable {
        var text: String
        var checked = false
        var itemID: Int
        init(text: String, itemID: Int) { (self.text, self.itemID) = (text, itemID) }
    }

    let env: AppEnvironment
    let savesOnlyAtBackground: Bool
    var lists: [Checklist] = []
    var indexOfSelectedChecklist = -1
    private var url: URL { env.files.urls(for: .documents)[0].appendingPathComponent("Checklists.plist") }

    init(env: AppEnvironment, savesOnlyAtBackground: Bool = false) {
        self.env = env
        self.savesOnlyAtBackground = savesOnlyAtBackground
        if let data = try? env.files.contents(of: url) {
            lists = (try? JSONDecoder().decode([Checklist].self, from: data)) ?? []
        }
        env.defaults.register(defaults: ["FirstTime": true])
        if env.defaults.bool(forKey: "FirstTime") {
            lists.append(Checklist(name: "List"))
            save()
            env.defaults.set(false, forKey: "FirstTime")
            // The port that saves at once also synchronizes; the one that saves at background, like many, does not.
            if !savesOnlyAtBackground { _ = env.defaults.synchronize() }
        }
    }

    func save() { if !savesOnlyAtBackground { write() } }

    func write() {
        guard let data = try? JSONEncoder().encode(lists) else { return }
        try? env.files.write(data, to: url, mode: .atomic)
    }

    var open: Checklist? { lists.indices.contains(indexOfSelectedChecklist) ? lists[indexOfSelectedChecklist] : nil }
    var nextID: Int { (lists.flatMap(\.items).map(\.itemID).max() ?? -1) + 1 }
}

extension OwnTypesModel: ChecklistListsScreen {
    var shownLists: [ShownChecklist] {
        lists.map { list in (list.name, list.items.map { ($0.text, $0.checked, $0.itemID) }) }
    }
    var openListIndex: Int? { open == nil ? nil : indexOfSelectedChecklist }
    var alert: AppAlert? { nil }
    var alerts: [AppAlert] { [] }
    func viewDidAppear() {}
    func sceneDidEnterBackground() { write() }
    func addChecklist(name: String) {
        lists.append(Checklist(name: name))
        save()
    }
    func renameChecklist(at index: Int, to name: String) {
        lists[index].name = name
        save()
    }
    func deleteChecklist(at index: Int) {
        lists.remove(at: index)
        save()
    }
    func openChecklist(at index: Int) { indexOfSelectedChecklist = index }
    func closeChecklist() { indexOfSelectedChecklist = -1 }
    func addItem(text: String) {
        open?.items.append(ChecklistItem(text: text, itemID: nextID))
        save()
    }
    func editItem(at index: Int, text: String) {
        open?.items[index].text = text
        save()
    }
    func toggleChecked(at index: Int) {
        open?.items[index].checked.toggle()
        save()
    }
    func deleteItem(at index: Int) {
        open?.items.remove(at: index)
        save()
    }
}
