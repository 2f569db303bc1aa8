// The chapter's ChecklistViewController persistence, on the seams with the mechanical edits of
// docs/porting.md only: every edited line ends in `// ported: was …`, and the rest is indented as
// the chapter is. Its flaws are the book's: `paths[0]` traps when there is no Documents URL, a read
// error is silently an empty list that the next save replaces, and errors are only printed.
import Foundation
import Sandbox  // ported: added

// ported: was `class ChecklistViewController: UITableViewController, AddItemViewControllerDelegate {`
public final class ChecklistViewController {
    public var items = [ChecklistItem]()  // ported: was `var items = [ChecklistItem]()`
    let env: AppEnvironment  // ported: added
    private var didLoad = false  // ported: added (UIKit calls viewDidLoad once)

    public init(env: AppEnvironment) { self.env = env }  // ported: added

    /// The chapter shows no alert.
    public var alert: AppAlert? { nil }  // ported: added
    public var alerts: [AppAlert] { [] }  // ported: added

    public func viewDidLoad() {  // ported: was `override func viewDidLoad() {`
        guard !didLoad else { return }  // ported: was `super.viewDidLoad()`
        didLoad = true  // ported: added
        loadChecklistItems()
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

    public func saveChecklistItems() {  // ported: was `func saveChecklistItems() {`
        let encoder = PropertyListEncoder()
        do {
            let data = try encoder.encode(items)
            // ported: was `try data.write(to: dataFilePath(), options: Data.WritingOptions.atomic)`
            try env.files.write(data, to: dataFilePath(), mode: .atomic)
        } catch {
            // ported: was `print("Error encoding item array: \(error.localizedDescription)")`
            env.console("Error encoding item array: \(error.localizedDescription)")
        }
    }

    public func loadChecklistItems() {  // ported: was `func loadChecklistItems() {`
        let path = dataFilePath()
        if let data = try? env.files.contents(of: path) {  // ported: was `if let data = try? Data(contentsOf: path) {`
            let decoder = PropertyListDecoder()
            do {
                items = try decoder.decode([ChecklistItem].self, from: data)
            } catch {
                // ported: was `print("Error decoding item array: \(error.localizedDescription)")`
                env.console("Error decoding item array: \(error.localizedDescription)")
            }
        }
    }

    // MARK: - What the table view's actions do
    // ported: was `func addItemViewController(_ controller: AddItemViewController,
    //     didFinishAdding item: ChecklistItem) {`
    public func addItem(text: String) {
        items.append(ChecklistItem(text: text, checked: false))  // ported: was `items.append(item)`
        saveChecklistItems()
    }

    // ported: was `func itemDetailViewController(_ controller: ItemDetailViewController,
    //     didFinishEditing item: ChecklistItem) {`
    public func editItem(at index: Int, text: String) {
        items[index].text = text  // ported: was `item.text = textField.text!`
        saveChecklistItems()
    }

    // ported: was `override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {`
    public func toggleChecked(at index: Int) {
        items[index].checked.toggle()  // ported: was `item.checked.toggle()`
        saveChecklistItems()
    }

    // ported: was `override func tableView(_ tableView: UITableView,
    //     commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {`
    public func deleteItem(at index: Int) {
        items.remove(at: index)  // ported: was `items.remove(at: indexPath.row)`
        saveChecklistItems()
    }
}
