import ChecklistsPlugin
import HIITFitPlugin
import Harness
import NamesToFacesPlugin

extension PluginRegistry {
    /// The three apps the `harness` executable is built with.
    static let shipped = try! PluginRegistry([.hiitfit, .checklists, .namesToFaces])
}
