import Foundation
import Sandbox

/// The Checklists list screen's persistence: Documents/Checklists.plist, written after every change.
///
/// The book edition is the tutorial's code on the seams; the hardened edition keeps the
/// API and the file format and changes only what can lose data (ChecklistViewController+Hardened.swift).
public final class ChecklistViewController {
    public var items: [ChecklistItem] = []
    /// The alert on screen, if any (the newest one). The book edition never raises one.
    public var alert: AppAlert? {
        didSet { if let alert { alerts.append(alert) } }
    }
    /// Every alert raised since the screen was created, oldest first.
    public private(set) var alerts: [AppAlert] = []

    let env: AppEnvironment
    public let edition: Edition
    private var didLoad = false
    /// Hardened: what is known about the file a save would replace.
    var fileState: ChecklistFileState = .unknown

    public init(environment: AppEnvironment, edition: Edition) {
        self.env = environment
        self.edition = edition
    }

    /// UIKit calls this once, when the screen is first shown: the list is loaded then.
    public func viewDidLoad() {
        guard !didLoad else { return }
        didLoad = true
        loadChecklistItems()
    }

    /// The first Documents URL the file manager gives. Traps when there is none, in both
    /// editions (the book's contract); hardened code calls `documentsDirectoryIfAvailable()`.
    public func documentsDirectory() -> URL {
        let paths = env.files.urls(for: .documents)
        return paths[0]
    }

    public func dataFilePath() -> URL {
        documentsDirectory().appendingPathComponent("Checklists.plist")
    }

    /// The Documents URL, or nil when the lookup returns none (asked twice: a one-off empty answer is retried).
    public func documentsDirectoryIfAvailable() -> URL? {
        env.files.urls(for: .documents).first ?? env.files.urls(for: .documents).first
    }

    /// Checklists.plist, or nil when there is no Documents URL.
    public func dataFilePathIfAvailable() -> URL? {
        documentsDirectoryIfAvailable()?.appendingPathComponent("Checklists.plist")
    }

    public func saveChecklistItems() {
        if edition == .hardened { return hardenedSave() }
        let encoder = PropertyListEncoder()
        do {
            let data = try encoder.encode(items)
            try env.files.write(data, to: dataFilePath(), mode: .atomic)
        } catch {
            env.console("Error encoding item array: \(error.localizedDescription)")
        }
    }

    public func loadChecklistItems() {
        if edition == .hardened { return hardenedLoad() }
        let path = dataFilePath()
        if let data = try? env.files.contents(of: path) {
            let decoder = PropertyListDecoder()
            do {
                items = try decoder.decode([ChecklistItem].self, from: data)
            } catch {
                env.console("Error decoding item array: \(error.localizedDescription)")
            }
        }
    }

    // MARK: What the table view's actions do

    public func addItem(text: String) {
        items.append(ChecklistItem(text: text, checked: false))
        saveChecklistItems()
    }

    public func editItem(at index: Int, text: String) {
        guard edition == .book || items.indices.contains(index) else { return }
        items[index].text = text
        saveChecklistItems()
    }

    public func toggleChecked(at index: Int) {
        guard edition == .book || items.indices.contains(index) else { return }
        items[index].checked.toggle()
        saveChecklistItems()
    }

    public func deleteItem(at index: Int) {
        guard edition == .book || items.indices.contains(index) else { return }
        items.remove(at: index)
        saveChecklistItems()
    }

    /// The user dismissed the alert.
    public func dismissAlert() { alert = nil }
}
