import Foundation
import Sandbox

/// A scenario's text as the harness read it, once: workers are sent the text, never the
/// path, so a file changed or deleted mid-run cannot change what is run.
public struct ScenarioText: Sendable, Hashable {
    /// The path it was read from, as results name it.
    public var file: String
    public var text: String

    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// Reads the file, or throws the error that names why it cannot be read.
    public init(contentsOf file: String) throws(ScenarioErrors) {
        self.init(file: file, text: try ScenarioParser.text(contentsOf: URL(fileURLWithPath: file), displayPath: file))
    }

    /// Parses the text; its `app` line names one of `plugins`.
    public func parse(plugins: PluginRegistry) throws(ScenarioErrors) -> Scenario {
        try ScenarioParser.parse(text, file: file, plugins: plugins)
    }
}
