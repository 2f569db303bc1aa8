/// A script step read against the plug-ins, by a `CommandReader` that knows none, so the plug-in API can share it.
struct StepReader {
    /// The step's words, from the verb on; plug-ins read their actions and checks with it.
    var reader: CommandReader
    let plugins: PluginRegistry
    /// The scenario's app, when known: actions and checks of another app are errors.
    let app: AppPlugin?
    private(set) var references: [FixtureReference] = []

    init(file: String, line: Int, plugins: PluginRegistry, app: AppPlugin?, words: [Word]) {
        reader = CommandReader(file: file, line: line, words: words)
        self.plugins = plugins
        self.app = app
    }

    mutating func reference(_ name: String, at word: Word, needsPropertyList: Bool = false, needsBytes: Bool = false) {
        references.append(
            FixtureReference(
                name: name, location: reader.location(word.column),
                needsPropertyList: needsPropertyList, needsBytes: needsBytes))
    }

    /// Fails when `owner` is not the scenario's app: `'done' is a hiitfit action; this scenario is for checklists`.
    func requireApp(_ owner: AppPlugin, _ word: Word, _ what: String, _ noun: String = "action") throws(ScenarioError) {
        guard let app, app.name != owner.name else { return }
        throw reader.error(word, "'\(what)' is a \(owner.name) \(noun); this scenario is for \(app.name)")
    }

    /// The one of `owners` the scenario's app is, else the first (whose grammar reads the line).
    func owner(among owners: [AppPlugin]) -> AppPlugin {
        owners.first { $0.name == app?.name } ?? owners[0]
    }

    /// The command `verb` starts; the words are read from the verb on.
    mutating func command(_ verb: String) throws(ScenarioError) -> Command {
        switch verb {
        case "launch": return try launchCommand()
        case "upgrade": return try upgrade()
        case "settle": return try lifecycle(.settle, verb: verb)
        case "background": return try lifecycle(.background, verb: verb)
        case "exit": return try lifecycle(.exit, verb: verb)
        case "kill": return try lifecycle(.kill, verb: verb)
        case "power-loss": return try powerLoss()
        case "seed": return try seed()
        case "clock": return try clock()
        case "timezone": return try timeZoneCommand()
        case "defaults": return try defaults()
        case "file": return try putFile()
        case "mkdir": return try makeDirectory()
        case "rm": return try removeFile()
        case "fault": return try fault()
        case "faults": return try faults()
        case "expect": return try expect()
        default: return try action(verb)
        }
    }

    /// One of the plug-ins' actions; another app's is an error.
    private mutating func action(_ verb: String) throws(ScenarioError) -> Command {
        let owner = owner(among: plugins.owners(ofVerb: verb))
        let declaration = owner.actions.first { $0.verb == verb }!
        reader.usage = declaration.usage
        let word = try reader.next()
        try requireApp(owner, word, verb)
        return .action(try declaration.parse(&reader))
    }
}
