// The chapter's ChecklistViewController persistence, on the seams with the mechanical edits of
// docs/porting.md only: every edited line ends in `// ported: was …`, and the rest is indented as
// the chapter is. Its flaws are the book's: `paths[0]` traps when there is no Documents URL, a read
// error is silently an empty list that the next save replaces, and errors are only printed.
import Foundation
import Sandbox  // ported: added

public final class ChecklistViewController {  // ported: was `class ChecklistViewController: UITableViewController, AddItemViewControllerDelegate {`
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
        let paths = env.files.urls(for: .documents)  // ported: was `let paths = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)`
        return paths[0]
    }

    public func dataFilePath() -> URL {  // ported: was `func dataFilePath() -> URL {`
        return documentsDirectory().appendingPathComponent("Checklists.plist")
    }

    public func saveChecklistItems() {  // ported: was `func saveChecklistItems() {`
        let encoder = PropertyListEncoder()
        do {
            let data = try encoder.encode(items)
            try env.files.write(data, to: dataFilePath(), mode: .atomic)  // ported: was `try data.write(to: dataFilePath(), options: Data.WritingOptions.atomic)`
        } catch {
            env.console("Error encoding item array: \(error.localizedDescription)")  // ported: was `print("Error encoding item array: \(error.localizedDescription)")`
        }
    }

    public func loadChecklistItems() {  // ported: was `func loadChecklistItems() {`
        let path = dataFilePath()
        if let data = try? env.files.contents(of: path) {  // ported: was `if let data = try? Data(contentsOf: path) {`
            let decoder = PropertyListDecoder()
            do {
                items = try decoder.decode([ChecklistItem].self, from: data)
            } catch {
                env.console("Error decoding item array: \(error.localizedDescription)")  // ported: was `print("Error decoding item array: \(error.localizedDescription)")`
            }
        }
    }

    // MARK: - What the table view's actions do
    public func addItem(text: String) {  // ported: was `func addItemViewController(_ controller: AddItemViewController, didFinishAdding item: ChecklistItem) {`
        items.append(ChecklistItem(text: text, checked: false))  // ported: was `items.append(item)`
        saveChecklistItems()
    }

    public func editItem(at index: Int, text: String) {  // ported: was `func itemDetailViewController(_ controller: ItemDetailViewController, didFinishEditing item: ChecklistItem) {`
        items[index].text = text  // ported: was `item.text = textField.text!`
        saveChecklistItems()
    }

    public func toggleChecked(at index: Int) {  // ported: was `override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {`
        items[index].checked.toggle()  // ported: was `item.checked.toggle()`
        saveChecklistItems()
    }

    public func deleteItem(at index: Int) {  // ported: was `override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {`
        items.remove(at: index)  // ported: was `items.remove(at: indexPath.row)`
        saveChecklistItems()
    }
}
