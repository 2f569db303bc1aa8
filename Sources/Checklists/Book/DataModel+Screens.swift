// What the later chapters' screens do with the data model, on the seams as DataModel.swift is: the
// lists screen (AllListsViewController), a list's screen (ChecklistViewController), and the scene
// delegate's save. Its flaw is the book's: list changes are saved only when the scene goes to the
// background, so a kill before then loses them.
import Foundation

extension DataModel {  // ported: added (the screens below each call into their `dataModel`)
    /// The list whose items the screen shows, if one is open.
    public var openList: Checklist? { checklist }  // ported: added

    public func viewDidAppear() {  // ported: was `override func viewDidAppear(_ animated: Bool) {` (AllListsViewController)
        let index = indexOfSelectedChecklist
        if index >= 0 && index < lists.count {
            checklist = lists[index]  // ported: was `let checklist = dataModel.lists[index]` and `performSegue(withIdentifier: "ShowChecklist", sender: checklist)`
        }
    }

    public func sceneDidEnterBackground() {  // ported: was `func sceneDidEnterBackground(_ scene: UIScene) {` (SceneDelegate)
        saveChecklists()  // ported: was `saveData()`, which calls `dataModel.saveChecklists()`
    }

    // MARK: - What the lists screen's actions do
    public func addChecklist(name: String) {  // ported: was `func listDetailViewController(_ controller: ListDetailViewController, didFinishAdding checklist: Checklist) {`
        lists.append(Checklist(name: name))  // ported: was `dataModel.lists.append(checklist)`
        sortChecklists()  // ported: was `dataModel.sortChecklists()`
    }

    public func renameChecklist(at index: Int, to name: String) {  // ported: was `func listDetailViewController(_ controller: ListDetailViewController, didFinishEditing checklist: Checklist) {`
        lists[index].name = name  // ported: was `checklistToEdit.name = textField.text!` (ListDetailViewController's done())
        sortChecklists()  // ported: was `dataModel.sortChecklists()`
    }

    public func deleteChecklist(at index: Int) {  // ported: was `override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {`
        lists.remove(at: index)  // ported: was `dataModel.lists.remove(at: indexPath.row)`
    }

    public func openChecklist(at index: Int) {  // ported: was `override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {`
        indexOfSelectedChecklist = index  // ported: was `dataModel.indexOfSelectedChecklist = indexPath.row`
        checklist = lists[index]  // ported: was `let checklist = dataModel.lists[indexPath.row]` and `performSegue(withIdentifier: "ShowChecklist", sender: checklist)`
    }

    public func closeChecklist() {  // ported: was `func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {`
        indexOfSelectedChecklist = -1  // ported: was `if viewController === self { dataModel.indexOfSelectedChecklist = -1 }`
        checklist = nil  // ported: added (the list's screen is popped)
    }

    // MARK: - What the open list's actions do
    public func addItem(text: String) {  // ported: was `func itemDetailViewController(_ controller: ItemDetailViewController, didFinishAdding item: ChecklistItem) {`
        let item = ListItem(text: text, dueDate: env.clock.now, itemID: nextChecklistItemID())  // ported: was `let item = ChecklistItem()` and `item.text = textField.text!` (its init took `DataModel.nextChecklistItemID()`)
        checklist.items.append(item)
        saveChecklists()  // ported: was `saveChecklistItems()` (the earlier chapters' save)
    }

    public func editItem(at index: Int, text: String) {  // ported: was `func itemDetailViewController(_ controller: ItemDetailViewController, didFinishEditing item: ChecklistItem) {`
        checklist.items[index].text = text  // ported: was `item.text = textField.text!`
        saveChecklists()  // ported: was `saveChecklistItems()` (the earlier chapters' save)
    }

    public func toggleChecked(at index: Int) {  // ported: was `override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {` (ChecklistViewController)
        checklist.items[index].checked.toggle()  // ported: was `item.checked.toggle()`
        saveChecklists()  // ported: was `saveChecklistItems()` (the earlier chapters' save)
    }

    public func deleteItem(at index: Int) {  // ported: was `override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {` (ChecklistViewController)
        checklist.items.remove(at: index)  // ported: was `checklist.items.remove(at: indexPath.row)`
        saveChecklists()  // ported: was `saveChecklistItems()` (the earlier chapters' save)
    }
}
