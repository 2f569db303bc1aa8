import Checklists
import Foundation
import Harness
import Sandbox

extension AppPlugin {
    /// Checklists: the to-do list screen, saving `Documents/Checklists.plist` after every change.
    public static let checklists = AppPlugin(
        name: "checklists", bundleIdentifier: "com.example.Checklists",
        stores: [.file("items", at: "Documents/Checklists.plist")],
        observations: [
            ObservationDeclaration(
                name: "items", store: "items", comparison: .entries,
                expectations: ChecklistRows.expectations)
        ],
        actions: ChecklistsGrammar.actions, checks: ChecklistsGrammar.checks,
        editions: [
            .checklists(
                name: "hardened",
                summary: "the same API and file format, changed only where data can be lost"
            ) {
                HardenedChecklistViewController(env: $0)
            },
            .checklists(name: "book", summary: "the chapter's code on the seams, flaws included") {
                ChecklistViewController(env: $0)
            },
        ])
}

extension AppEdition {
    /// An edition of Checklists: `screen` makes the list screen on a new process's seams (the
    /// driver shows it, which loads the list). A port registers one with `AppPlugin.checklists.adding(...)`.
    public static func checklists(
        name: String, summary: String,
        screen: @escaping @Sendable (AppEnvironment) -> any ChecklistScreen
    ) -> AppEdition {
        AppEdition(name: name, summary: summary) { launch in
            let screen = screen(launch.environment)
            screen.viewDidLoad()
            return ChecklistsDriver(screen: screen)
        }
    }
}

/// What the Checklists list screen does, whichever edition's code runs it.
public protocol ChecklistScreen: AnyObject {
    /// The rows: each item's text and check mark, in order.
    var rows: [(text: String, checked: Bool)] { get }
    var alert: AppAlert? { get }
    /// Every alert raised since the screen was created, oldest first.
    var alerts: [AppAlert] { get }
    /// UIKit shows the screen: the list is loaded.
    func viewDidLoad()
    func addItem(text: String)
    func editItem(at index: Int, text: String)
    func toggleChecked(at index: Int)
    func deleteItem(at index: Int)
    /// The scene went to the background (the shipped editions save on every change instead).
    func sceneDidEnterBackground()
}

extension ChecklistScreen {
    public func sceneDidEnterBackground() {}
}

extension ChecklistViewController: ChecklistScreen {
    public var rows: [(text: String, checked: Bool)] { items.map { ($0.text, $0.checked) } }
}

extension HardenedChecklistViewController: ChecklistScreen {
    public var rows: [(text: String, checked: Bool)] { items.map { ($0.text, $0.checked) } }
}
