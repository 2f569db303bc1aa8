/// The plug-ins a harness executable was built with: every app its scenarios may name.
public struct PluginRegistry: Sendable {
    /// The plug-ins, in the order given (the order `--help` lists them in).
    public let plugins: [AppPlugin]

    /// Checks the declarations: unique names that are single words, no verb or check that the
    /// scenario language already has, every observation's store declared, every default edition
    /// registered.
    public init(_ plugins: [AppPlugin]) throws(PluginError) {
        for plugin in plugins { try Self.validate(plugin) }
        if let name = Self.duplicate(plugins.map(\.name)) { throw PluginError("two plug-ins are named '\(name)'") }
        self.plugins = plugins
    }

    /// The plug-in whose app is `name` (the word after `app`).
    public func plugin(named name: String) -> AppPlugin? { plugins.first { $0.name == name } }

    /// What a report names as its edition: `requested`, else the apps' common default edition, else `default`.
    /// It depends on the plug-ins only, not on which scenarios ran, so every shard of a job names the same one.
    public func editionLabel(_ requested: String?) -> String {
        if let requested { return requested }
        let defaults = Set(plugins.map(\.defaultEdition))
        return defaults.count == 1 ? defaults.first! : "default"
    }

    /// Every edition name, once, in registration order.
    public var editionNames: [String] {
        var names: [String] = []
        for edition in plugins.flatMap(\.editions) where !names.contains(edition.name) { names.append(edition.name) }
        return names
    }

    /// The plug-ins that declare the action `verb`.
    func owners(ofVerb verb: String) -> [AppPlugin] { plugins.filter { $0.actions.contains { $0.verb == verb } } }

    /// The plug-ins that declare the check `name`.
    func owners(ofCheck name: String) -> [AppPlugin] { plugins.filter { $0.checks.contains { $0.name == name } } }

    private static func validate(_ plugin: AppPlugin) throws(PluginError) {
        let app = plugin.name
        let names =
            [app, plugin.bundleIdentifier] + plugin.variants + plugin.stores.map(\.name)
            + plugin.observations.map(\.name) + plugin.actions.map(\.verb) + plugin.editions.map(\.name)
            // A check may end in a colon glued to it: `expect items: A, B`.
            + plugin.checks.map { $0.name.hasSuffix(":") ? String($0.name.dropLast()) : $0.name }
        if let bad = names.first(where: { !isWord($0) }) {
            throw PluginError("plug-in '\(app)': '\(bad)' is not a name (letters, digits, '-', '_' or '.')")
        }
        let groups = [
            ("variant", plugin.variants), ("store", plugin.stores.map(\.name)),
            ("observation", plugin.observations.map(\.name)), ("action", plugin.actions.map(\.verb)),
            ("check", plugin.checks.map(\.name)), ("edition", plugin.editions.map(\.name)),
        ]
        for (what, group) in groups {
            if let name = duplicate(group) {
                throw PluginError("plug-in '\(app)' declares the \(what) '\(name)' twice")
            }
        }
        if let verb = plugin.actions.map(\.verb).first(where: CoreVocabulary.verbs.contains) {
            throw PluginError("plug-in '\(app)': '\(verb)' is a step of the scenario language, not an action")
        }
        if let check = plugin.checks.map(\.name).first(where: CoreVocabulary.checks.contains) {
            throw PluginError("plug-in '\(app)': 'expect \(check)' is part of the scenario language")
        }
        for observation in plugin.observations where plugin.store(named: observation.store) == nil {
            throw PluginError(
                "plug-in '\(app)': observation '\(observation.name)' names no declared store "
                    + "('\(observation.store)')")
        }
        guard plugin.edition(named: plugin.defaultEdition) != nil else {
            throw PluginError("plug-in '\(app)': its default edition '\(plugin.defaultEdition)' is not registered")
        }
    }

    private static func isWord(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
    }

    private static func duplicate(_ names: [String]) -> String? {
        var seen: Set<String> = []
        return names.first { !seen.insert($0).inserted }
    }
}

/// A plug-in whose declarations the harness cannot use, named with what is wrong.
public struct PluginError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, naming the plug-in and the declaration.
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
