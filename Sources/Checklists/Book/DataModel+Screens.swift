// What the later chapters' screens do with the data model, on the seams as DataModel.swift is: the
// lists screen (AllListsViewController), a list's screen (ChecklistViewController), and the scene
// delegate's save. Its flaw is the book's: list changes are saved only when the scene goes to the
// background, so a kill before then loses them.
import Foundation

extension DataModel {  // ported: added (the screens below each call into their `dataModel`)
    /// The list whose items the screen shows, if one is open.
    public var openList: Checklist? { checklist }  // ported: added

    // ported: was `override func viewDidAppear(_ animated: Bool) {` (AllListsViewController)
    public func viewDidAppear() {
        let index = indexOfSelectedChecklist
        if index >= 0 && index < lists.count {
            // ported: was `let checklist = dataModel.lists[index]` and `performSegue(withIdentifier: "ShowChecklist",
            //     sender: checklist)`
            checklist = lists[index]
        }
    }

    // ported: was `func sceneDidEnterBackground(_ scene: UIScene) {` (SceneDelegate)
    public func sceneDidEnterBackground() {
        saveChecklists()  // ported: was `saveData()`, which calls `dataModel.saveChecklists()`
    }

    // MARK: - What the lists screen's actions do
    // ported: was `func listDetailViewController(_ controller: ListDetailViewController,
    //     didFinishAdding checklist: Checklist) {`
    public func addChecklist(name: String) {
        lists.append(Checklist(name: name))  // ported: was `dataModel.lists.append(checklist)`
        sortChecklists()  // ported: was `dataModel.sortChecklists()`
    }

    // ported: was `func listDetailViewController(_ controller: ListDetailViewController,
    //     didFinishEditing checklist: Checklist) {`
    public func renameChecklist(at index: Int, to name: String) {
        // ported: was `checklistToEdit.name = textField.text!` (ListDetailViewController's done())
        lists[index].name = name
        sortChecklists()  // ported: was `dataModel.sortChecklists()`
    }

    // ported: was `override func tableView(_ tableView: UITableView,
    //     commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {`
    public func deleteChecklist(at index: Int) {
        lists.remove(at: index)  // ported: was `dataModel.lists.remove(at: indexPath.row)`
    }

    // ported: was `override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {`
    public func openChecklist(at index: Int) {
        indexOfSelectedChecklist = index  // ported: was `dataModel.indexOfSelectedChecklist = indexPath.row`
        // ported: was `let checklist = dataModel.lists[indexPath.row]` and `performSegue(withIdentifier:
        //     "ShowChecklist", sender: checklist)`
        checklist = lists[index]
    }

    // ported: was `func navigationController(_ navigationController: UINavigationController,
    //     willShow viewController: UIViewController, animated: Bool) {`
    public func closeChecklist() {
        // ported: was `if viewController === self { dataModel.indexOfSelectedChecklist = -1 }`
        indexOfSelectedChecklist = -1
        checklist = nil  // ported: added (the list's screen is popped)
    }

    // MARK: - What the open list's actions do
    // ported: was `func itemDetailViewController(_ controller: ItemDetailViewController,
    //     didFinishAdding item: ChecklistItem) {`
    public func addItem(text: String) {
        // ported: was `let item = ChecklistItem()` and `item.text = textField.text!` (its init took
        //     `DataModel.nextChecklistItemID()`)
        let item = ListItem(text: text, dueDate: env.clock.now, itemID: nextChecklistItemID())
        checklist.items.append(item)
        saveChecklists()  // ported: was `saveChecklistItems()` (the earlier chapters' save)
    }

    // ported: was `func itemDetailViewController(_ controller: ItemDetailViewController,
    //     didFinishEditing item: ChecklistItem) {`
    public func editItem(at index: Int, text: String) {
        checklist.items[index].text = text  // ported: was `item.text = textField.text!`
        saveChecklists()  // ported: was `saveChecklistItems()` (the earlier chapters' save)
    }

    // ported: was `override func tableView(_ tableView: UITableView,
    //     didSelectRowAt indexPath: IndexPath) {` (ChecklistViewController)
    public func toggleChecked(at index: Int) {
        checklist.items[index].checked.toggle()  // ported: was `item.checked.toggle()`
        saveChecklists()  // ported: was `saveChecklistItems()` (the earlier chapters' save)
    }

    // ported: was `override func tableView(_ tableView: UITableView,
    //     commit editingStyle: UITableViewCell.EditingStyle,
    //     forRowAt indexPath: IndexPath) {` (ChecklistViewController)
    public func deleteItem(at index: Int) {
        checklist.items.remove(at: index)  // ported: was `checklist.items.remove(at: indexPath.row)`
        saveChecklists()  // ported: was `saveChecklistItems()` (the earlier chapters' save)
    }
}
