import ChecklistsPlugin
import HIITFitPlugin
import Harness
import NamesToFacesPlugin

extension PluginRegistry {
    /// The three apps the `harness` executable is built with.
    static let shipped = try! PluginRegistry([.hiitfit, .checklists, .namesToFaces])
}

/// Every message parsing `text` as `file` reports, in order; none when it parses.
func parseMessages(_ text: String, file: String, plugins: PluginRegistry) -> [String] {
    do {
        _ = try ScenarioParser.parse(text, file: file, plugins: plugins)
        return []
    } catch {
        return error.errors.map(\.description)
    }
}
