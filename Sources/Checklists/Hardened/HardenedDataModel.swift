import Foundation
import Sandbox

/// The later chapters' data model (several lists, item ids), hardened: the book's API and file
/// format, changed only where data can be lost. Checklists.plist is read and saved as the hardened
/// list screen's is (see `GuardedChecklistFile`), and the earlier chapters' one-list file is read
/// as a list named "List"; every change is saved at once; the first list is made when no file is
/// stored, and written before `FirstTime` is cleared; an item id is never handed out twice.
public final class HardenedDataModel {
    public var lists: [Checklist] = []
    /// The list whose items the screen shows, if one is open.
    public private(set) var openList: Checklist?
    /// The alert on screen, if any (the newest one).
    public var alert: AppAlert? {
        didSet { if let alert { alerts.append(alert) } }
    }
    /// Every alert raised since the model was created, oldest first.
    public private(set) var alerts: [AppAlert] = []

    let env: AppEnvironment
    /// Checklists.plist, and what is known about it.
    var file: GuardedChecklistFile<[Checklist]>
    /// The launch found no Checklists.plist (confirmed, not a read that failed).
    var foundNoFile = false
    /// How the lists become the file's bytes and back.
    let coder: any ChecklistCoder

    public var indexOfSelectedChecklist: Int {
        get { env.defaults.integer(forKey: "ChecklistIndex") }
        set {
            env.defaults.set(newValue, forKey: "ChecklistIndex")
            env.defaults.synchronize()
        }
    }

    /// Loads the lists, stored in `coder`'s format (a port may keep another); a first launch makes the first one.
    public init(env: AppEnvironment, coder: any ChecklistCoder = PropertyListChecklistCoder()) {
        self.env = env
        self.coder = coder
        file = GuardedChecklistFile(env: env, noun: "list array", alerts: Self.alerts) { data in
            try Self.decode(data, coder: coder) { env.clock.now }
        }
        loadChecklists()
        registerDefaults()
        handleFirstTime()
    }

    public func registerDefaults() {
        env.defaults.register(defaults: ["ChecklistIndex": -1, "FirstTime": true])
    }

    /// The very first launch gets a list named "List": a launch that found no file, whatever
    /// `FirstTime` says (the key-value store can lose the flag, or keep it when the list was never
    /// written). The list is saved before the flag is cleared; a launch that found lists, or could
    /// not read the file, adds none.
    public func handleFirstTime() {
        if foundNoFile {
            lists.append(Checklist(name: "List"))
            indexOfSelectedChecklist = 0
            guard saveChecklists() else { return }
        }
        guard case .owned = file.state, env.defaults.bool(forKey: "FirstTime") else { return }
        env.defaults.set(false, forKey: "FirstTime")
        env.defaults.synchronize()
    }

    public func sortChecklists() {
        lists.sort { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }

    /// The counter under `ChecklistItemID`, flushed at once, and never below an id already stored
    /// (the counter may have been lost while the lists were kept).
    public func nextChecklistItemID() -> Int {
        let stored = lists.flatMap(\.items).map(\.itemID).max().map { $0 + 1 } ?? 0
        let itemID = max(env.defaults.integer(forKey: "ChecklistItemID"), stored)
        env.defaults.set(itemID + 1, forKey: "ChecklistItemID")
        env.defaults.synchronize()
        return itemID
    }

    // MARK: What the screens do

    /// The lists screen appears: it reopens the list open when the app last ran, if it is still there.
    public func viewDidAppear() {
        let index = indexOfSelectedChecklist
        if lists.indices.contains(index) { openList = lists[index] }
    }

    /// The scene goes to the background.
    public func sceneDidEnterBackground() { saveChecklists() }

    public func addChecklist(name: String) {
        lists.append(Checklist(name: name))
        sortChecklists()
        saveChecklists()
    }

    public func renameChecklist(at index: Int, to name: String) {
        guard lists.indices.contains(index) else { return }
        lists[index].name = name
        sortChecklists()
        saveChecklists()
    }

    public func deleteChecklist(at index: Int) {
        guard lists.indices.contains(index) else { return }
        lists.remove(at: index)
        saveChecklists()
    }

    public func openChecklist(at index: Int) {
        guard lists.indices.contains(index) else { return }
        indexOfSelectedChecklist = index
        openList = lists[index]
    }

    /// Back to the lists screen.
    public func closeChecklist() {
        indexOfSelectedChecklist = -1
        openList = nil
    }

    public func addItem(text: String) {
        guard let openList else { return }
        openList.items.append(ListItem(text: text, dueDate: env.clock.now, itemID: nextChecklistItemID()))
        saveChecklists()
    }

    public func editItem(at index: Int, text: String) {
        guard let openList, openList.items.indices.contains(index) else { return }
        openList.items[index].text = text
        saveChecklists()
    }

    public func toggleChecked(at index: Int) {
        guard let openList, openList.items.indices.contains(index) else { return }
        openList.items[index].checked.toggle()
        saveChecklists()
    }

    public func deleteItem(at index: Int) {
        guard let openList, openList.items.indices.contains(index) else { return }
        openList.items.remove(at: index)
        saveChecklists()
    }

    /// The user dismissed the alert.
    public func dismissAlert() { alert = nil }
}
