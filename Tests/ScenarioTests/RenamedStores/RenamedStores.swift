import ChecklistsPlugin
import HIITFitPlugin
import Harness
import NamesToFacesPlugin
import Sandbox

/// The shipped apps as ports that keep their data under other names, registered through the public
/// plug-in API: the hardened code, with the store's file or key renamed, as edition `renamed`. The
/// port's other editions (its older versions, which `launch edition book` runs) keep it there too.
enum RenamedStores {
    /// Each app with its store declared where the port keeps it.
    static let plugins = [
        renamed(
            .hiitfit, store: .file("history", at: "Documents/History.plist"),
            files: ("history.plist", "History.plist")),
        renamed(
            .checklists, store: .file("items", at: "Documents/Items.plist"),
            files: ("Checklists.plist", "Items.plist")),
        renamed(.namesToFaces, store: .defaults("people", key: "Contacts"), key: ("people", "Contacts")),
    ]

    /// The same ports, but each store still declared at the app's own name: faults and fixtures miss them.
    static let undeclared = plugins.map { port in
        var plugin = port
        plugin.stores = [AppPlugin.hiitfit, .checklists, .namesToFaces].first { $0.name == port.name }!.stores
        return plugin
    }

    private static func renamed(
        _ app: AppPlugin, store: AppStore, files: (String, String)? = nil,
        key: (String, String)? = nil
    ) -> AppPlugin {
        func renaming(_ edition: AppEdition, as name: String) -> AppEdition {
            AppEdition(name: name, summary: edition.summary + ", its store renamed") { launch in
                var environment = launch.environment
                if let (name, renamed) = files {
                    environment.files = RenamingFiles(base: environment.files, name: name, renamed: renamed)
                }
                if let (name, renamed) = key {
                    environment.defaults = RenamingDefaults(base: environment.defaults, key: name, renamed: renamed)
                }
                return edition.launch(AppLaunch(environment: environment, variant: launch.variant))
            }
        }
        var plugin = app
        plugin.editions =
            app.editions.map { renaming($0, as: $0.name) } + [
                renaming(app.edition(named: "hardened")!, as: "renamed")
            ]
        plugin.stores = plugin.stores.map { $0.name == store.name ? store : $0 }
        return plugin
    }
}
