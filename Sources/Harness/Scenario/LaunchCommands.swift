/// `launch [edition NAME] [variant NAME] [deferred]` and `upgrade [edition NAME] [variant NAME] [deferred]`.
extension StepReader {
    /// `launch` alone, or with the edition and variant to install and run, and whether its deferred work waits.
    mutating func launchCommand() throws(ScenarioError) -> Command {
        reader.usage = "launch [edition NAME] [variant NAME] [deferred]"
        _ = try reader.next()
        let options = try launchOptions()
        return options == LaunchOptions() ? .launch : .launchWith(options)
    }

    mutating func upgrade() throws(ScenarioError) -> Command {
        reader.usage = "upgrade [edition NAME] [variant NAME] [deferred]"
        _ = try reader.next()
        return .upgrade(try launchOptions())
    }

    /// The options up to the end of the line, each at most once; an edition or variant the app does
    /// not have is an error at its word when the app is known.
    private mutating func launchOptions() throws(ScenarioError) -> LaunchOptions {
        var options = LaunchOptions()
        var seen: Set<String> = []
        while !reader.isAtEnd {
            let (option, word) = try reader.choice("launch option", ["edition", "variant", "deferred"])
            guard seen.insert(option).inserted else { throw reader.error(word, "'\(option)' is given twice") }
            switch option {
            case "deferred":
                options.deferred = true
            case "edition":
                let name = try reader.next()
                if let app, app.edition(named: name.text) == nil {
                    throw reader.error(
                        name, Suggestions.unknown("\(app.name) edition", name.text, app.editions.map(\.name)))
                }
                options.edition = name.text
            default:
                let name = try reader.next()
                if let app, !app.variants.contains(name.text) {
                    throw reader.error(
                        name,
                        app.variants.isEmpty
                            ? "\(app.name) has no variants"
                            : Suggestions.unknown("\(app.name) variant", name.text, app.variants))
                }
                options.variant = name.text
            }
        }
        return options
    }
}
