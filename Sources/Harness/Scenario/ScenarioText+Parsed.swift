extension ScenarioText {
    /// Reads `file` and parses it: the text as read, and the scenario, or every error that stops either.
    static func parsed(_ file: String, plugins: PluginRegistry) throws(ScenarioErrors) -> (ScenarioText, Scenario) {
        let source = try ScenarioText(contentsOf: file)
        return (source, try source.parse(plugins: plugins))
    }
}
