import Checklists
import Foundation
import Harness
import Sandbox

extension AppPlugin {
    /// Checklists, saving `Documents/Checklists.plist`. `app checklists` runs the early chapter's one
    /// to-do list, saved after every change; `app checklists lists` the later chapters' data model:
    /// named lists of items with ids, the id counter and the open list kept in the key-value store.
    public static let checklists = AppPlugin(
        name: "checklists", bundleIdentifier: "com.example.Checklists", variants: ["items", "lists"],
        stores: [.file("items", at: "Documents/Checklists.plist")],
        observations: [
            // The rows of the one list, or in `lists` each list and each item (see `ChecklistLists`).
            ObservationDeclaration(
                name: "items", store: "items", comparison: .entries,
                expectations: ChecklistRows.expectations),
            ObservationDeclaration(name: "ids", store: "items", comparison: .identities),
        ],
        actions: ChecklistsGrammar.actions + ChecklistListsGrammar.actions,
        checks: ChecklistsGrammar.checks + ChecklistListsGrammar.checks,
        editions: [
            .checklists(
                name: "hardened",
                summary: "the same API and file format, changed only where data can be lost",
                screen: { HardenedChecklistViewController(env: $0) },
                lists: { HardenedDataModel(env: $0) }),
            .checklists(
                name: "book", summary: "the chapters' code on the seams, flaws included",
                screen: { ChecklistViewController(env: $0) },
                lists: { DataModel(env: $0) }),
        ])
}

extension AppEdition {
    /// An edition of Checklists: `screen` makes the one-list screen, `lists` the data model of the
    /// lists variant, on a new process's seams (the driver shows it, which loads the file). A port
    /// registers one with `AppPlugin.checklists.adding(...)`.
    public static func checklists(
        name: String, summary: String,
        screen: @escaping @Sendable (AppEnvironment) -> any ChecklistScreen,
        lists: @escaping @Sendable (AppEnvironment) -> any ChecklistListsScreen
    ) -> AppEdition {
        AppEdition(name: name, summary: summary) { launch in
            if launch.variant == "lists" {
                let model = lists(launch.environment)
                model.viewDidAppear()
                return ChecklistListsDriver(model: model)
            }
            let screen = screen(launch.environment)
            screen.viewDidLoad()
            return ChecklistsDriver(screen: screen)
        }
    }
}

/// What both Checklists screens do to the rows of the list they show.
public protocol ChecklistRowEditing: AnyObject {
    func addItem(text: String)
    func editItem(at index: Int, text: String)
    func toggleChecked(at index: Int)
    func deleteItem(at index: Int)
}

/// What the Checklists list screen does, whichever edition's code runs it.
public protocol ChecklistScreen: ChecklistRowEditing {
    /// The rows: each item's text and check mark, in order.
    var rows: [(text: String, checked: Bool)] { get }
    var alert: AppAlert? { get }
    /// Every alert raised since the screen was created, oldest first.
    var alerts: [AppAlert] { get }
    /// UIKit shows the screen: the list is loaded.
    func viewDidLoad()
    /// The scene went to the background (the shipped editions save on every change instead).
    func sceneDidEnterBackground()
}

extension ChecklistScreen {
    public func sceneDidEnterBackground() {}
}

/// A list as the lists screen shows it: its name, and its items' text, check mark and id, in order.
public typealias ShownChecklist = (name: String, items: [(text: String, checked: Bool, id: Int)])

/// What the lists variant's data model and screens do, whichever edition's code runs them. Making
/// the model loads the lists (and makes the first one on the first launch).
/// Its lists are values, not the shipped `Checklist` class, so a port conforms its own model by extension.
public protocol ChecklistListsScreen: ChecklistRowEditing {
    /// The lists, in the order the lists screen shows them.
    var shownLists: [ShownChecklist] { get }
    /// The place in `shownLists` of the list whose items the screen shows; nil on the lists screen.
    var openListIndex: Int? { get }
    var alert: AppAlert? { get }
    /// Every alert raised since the model was created, oldest first.
    var alerts: [AppAlert] { get }
    /// The lists screen appears: it reopens the list open when the app last ran.
    func viewDidAppear()
    /// The scene goes to the background: what the app saves then.
    func sceneDidEnterBackground()
    func addChecklist(name: String)
    func renameChecklist(at index: Int, to name: String)
    func deleteChecklist(at index: Int)
    func openChecklist(at index: Int)
    /// Back to the lists screen.
    func closeChecklist()
}

extension ChecklistViewController: ChecklistScreen {
    public var rows: [(text: String, checked: Bool)] { items.map { ($0.text, $0.checked) } }
}

extension HardenedChecklistViewController: ChecklistScreen {
    public var rows: [(text: String, checked: Bool)] { items.map { ($0.text, $0.checked) } }
}

extension DataModel: ChecklistListsScreen {
    public var shownLists: [ShownChecklist] { lists.map(\.shown) }
    public var openListIndex: Int? { openList.flatMap { open in lists.firstIndex { $0 === open } } }
}

extension HardenedDataModel: ChecklistListsScreen {
    public var shownLists: [ShownChecklist] { lists.map(\.shown) }
    public var openListIndex: Int? { openList.flatMap { open in lists.firstIndex { $0 === open } } }
}

extension Checklist {
    /// The list as `ChecklistListsScreen.shownLists` gives it.
    fileprivate var shown: ShownChecklist {
        (name, items.map { ($0.text, $0.checked, $0.itemID) })
    }
}
