// Checklists with one more edition, registered the way a user registers a port
// (`AppPlugin.checklists.adding(...)`): it saves only when the scene goes to the background.
// This command line is the explorer's worker in LifecycleTests.
import Checklists
import ChecklistsPlugin
import Harness
import Sandbox

/// The hardened list screen, except that a change is saved only when the app goes to the background.
final class BackgroundSavingChecklist: ChecklistScreen {
    private let screen: HardenedChecklistViewController

    init(env: AppEnvironment) { screen = HardenedChecklistViewController(env: env) }

    var rows: [(text: String, checked: Bool)] { screen.rows }
    var alert: AppAlert? { screen.alert }
    var alerts: [AppAlert] { screen.alerts }
    func viewDidLoad() { screen.viewDidLoad() }
    func addItem(text: String) { screen.items.append(ChecklistItem(text: text)) }

    func editItem(at index: Int, text: String) {
        if screen.items.indices.contains(index) { screen.items[index].text = text }
    }

    func toggleChecked(at index: Int) {
        if screen.items.indices.contains(index) { screen.items[index].checked.toggle() }
    }

    func deleteItem(at index: Int) {
        if screen.items.indices.contains(index) { screen.items.remove(at: index) }
    }

    func sceneDidEnterBackground() { screen.saveChecklistItems() }
}

HarnessCommand.main(plugins: [
    .checklists.adding(
        .checklists(
            name: "on-background", summary: "the hardened screen, saving only on backgrounding (one list only)",
            screen: { BackgroundSavingChecklist(env: $0) },
            // The lists variant is not what this edition is for: the hardened model stands in.
            lists: { HardenedDataModel(env: $0) }))
])
