import Foundation
import Sandbox

/// The Checklists list screen's persistence, hardened: the book's API and file format, changed only
/// where data can be lost. No Documents URL is an alert, not a trap; a failed read is retried and
/// "missing" is believed only when `fileExists` agrees; a file it cannot read is never replaced, and
/// one it cannot understand is copied aside first; a failed save is an alert; a row that is not
/// there is ignored.
public final class HardenedChecklistViewController {
    public var items: [ChecklistItem] = []
    /// The alert on screen, if any (the newest one).
    public var alert: AppAlert? {
        didSet { if let alert { alerts.append(alert) } }
    }
    /// Every alert raised since the screen was created, oldest first.
    public private(set) var alerts: [AppAlert] = []

    let env: AppEnvironment
    private var didLoad = false
    /// Checklists.plist, and what is known about it.
    var file: GuardedChecklistFile<[ChecklistItem]>
    /// How the items become the file's bytes and back.
    let coder: any ChecklistCoder

    /// The screen, before it is shown; the list is stored in `coder`'s format (a port may keep another).
    public init(env: AppEnvironment, coder: any ChecklistCoder = PropertyListChecklistCoder()) {
        self.env = env
        self.coder = coder
        file = GuardedChecklistFile(env: env, noun: "item array", alerts: Self.alerts) {
            try coder.decode([ChecklistItem].self, from: $0)
        }
    }

    /// UIKit calls this once, when the screen is first shown: the list is loaded then.
    public func viewDidLoad() {
        guard !didLoad else { return }
        didLoad = true
        loadChecklistItems()
    }

    /// The Documents URL, or nil when the lookup returns none (asked twice: a one-off empty answer is retried).
    public func documentsDirectoryIfAvailable() -> URL? { file.documentsDirectory() }

    /// Checklists.plist, or nil when there is no Documents URL.
    public func dataFilePathIfAvailable() -> URL? { file.url() }

    // MARK: What the table view's actions do

    public func addItem(text: String) {
        items.append(ChecklistItem(text: text, checked: false))
        saveChecklistItems()
    }

    public func editItem(at index: Int, text: String) {
        guard items.indices.contains(index) else { return }
        items[index].text = text
        saveChecklistItems()
    }

    public func toggleChecked(at index: Int) {
        guard items.indices.contains(index) else { return }
        items[index].checked.toggle()
        saveChecklistItems()
    }

    public func deleteItem(at index: Int) {
        guard items.indices.contains(index) else { return }
        items.remove(at: index)
        saveChecklistItems()
    }

    /// The user dismissed the alert.
    public func dismissAlert() { alert = nil }
}
