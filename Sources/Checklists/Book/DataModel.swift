// The later chapters' DataModel (several lists, item ids), on the seams with the mechanical edits of
// docs/porting.md only: every edited line ends in `// ported: was …`, and the rest is indented as the
// chapters are. Its flaws are the book's: `paths[0]` traps when there is no Documents URL; a read
// error is silently no lists and a decode error (the earlier chapters' one-list file too) is only
// printed, and the next save replaces the file; `FirstTime` is flushed at once but the first list
// is written only at background, so a kill before then leaves no list; errors are only printed.
import Foundation
import Sandbox  // ported: added

public final class DataModel {  // ported: was `class DataModel {`
    public var lists = [Checklist]()  // ported: was `var lists = [Checklist]()`
    var checklist: Checklist!  // ported: was `var checklist: Checklist!` (ChecklistViewController's, set by the segue)
    let env: AppEnvironment  // ported: added

    /// The chapters show no alert.
    public var alert: AppAlert? { nil }  // ported: added
    public var alerts: [AppAlert] { [] }  // ported: added

    public var indexOfSelectedChecklist: Int {  // ported: was `var indexOfSelectedChecklist: Int {`
        get {
            // ported: was `return UserDefaults.standard.integer(forKey: "ChecklistIndex")`
            return env.defaults.integer(forKey: "ChecklistIndex")
        }
        set {
            // ported: was `UserDefaults.standard.set(newValue, forKey: "ChecklistIndex")`
            env.defaults.set(newValue, forKey: "ChecklistIndex")
            env.defaults.synchronize()  // ported: was `UserDefaults.standard.synchronize()`
        }
    }

    public init(env: AppEnvironment) {  // ported: was `init() {`
        self.env = env  // ported: added
        loadChecklists()
        registerDefaults()
        handleFirstTime()
    }

    // MARK: - Data Saving
    public func documentsDirectory() -> URL {  // ported: was `func documentsDirectory() -> URL {`
        // ported: was `let paths = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)`
        let paths = env.files.urls(for: .documents)
        return paths[0]
    }

    public func dataFilePath() -> URL {  // ported: was `func dataFilePath() -> URL {`
        return documentsDirectory().appendingPathComponent("Checklists.plist")
    }

    public func saveChecklists() {  // ported: was `func saveChecklists() {`
        let encoder = PropertyListEncoder()
        do {
            let data = try encoder.encode(lists)
            // ported: was `try data.write(to: dataFilePath(), options: Data.WritingOptions.atomic)`
            try env.files.write(data, to: dataFilePath(), mode: .atomic)
        } catch {
            // ported: was `print("Error encoding list array: \(error.localizedDescription)")`
            env.console("Error encoding list array: \(error.localizedDescription)")
        }
    }

    public func loadChecklists() {  // ported: was `func loadChecklists() {`
        let path = dataFilePath()
        if let data = try? env.files.contents(of: path) {  // ported: was `if let data = try? Data(contentsOf: path) {`
            let decoder = PropertyListDecoder()
            do {
                lists = try decoder.decode([Checklist].self, from: data)
                sortChecklists()
            } catch {
                // ported: was `print("Error decoding list array: \(error.localizedDescription)")`
                env.console("Error decoding list array: \(error.localizedDescription)")
            }
        }
    }

    public func registerDefaults() {  // ported: was `func registerDefaults() {`
        let dictionary = ["ChecklistIndex": -1, "FirstTime": true] as [String: Any]
        // ported: was `UserDefaults.standard.register(defaults: dictionary)`
        env.defaults.register(defaults: dictionary)
    }

    public func handleFirstTime() {  // ported: was `func handleFirstTime() {`
        let userDefaults = env.defaults  // ported: was `let userDefaults = UserDefaults.standard`
        let firstTime = userDefaults.bool(forKey: "FirstTime")

        if firstTime {
            let checklist = Checklist(name: "List")
            lists.append(checklist)

            indexOfSelectedChecklist = 0
            userDefaults.set(false, forKey: "FirstTime")
            userDefaults.synchronize()
        }
    }

    public func sortChecklists() {  // ported: was `func sortChecklists() {`
        lists.sort { list1, list2 in
            return list1.name.localizedStandardCompare(list2.name) == .orderedAscending
        }
    }

    public func nextChecklistItemID() -> Int {  // ported: was `class func nextChecklistItemID() -> Int {`
        let userDefaults = env.defaults  // ported: was `let userDefaults = UserDefaults.standard`
        let itemID = userDefaults.integer(forKey: "ChecklistItemID")
        userDefaults.set(itemID + 1, forKey: "ChecklistItemID")
        userDefaults.synchronize()
        return itemID
    }
}
