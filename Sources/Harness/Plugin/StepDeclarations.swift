/// A step the user takes in the app: `done EXERCISE`, `item add TEXT`.
public struct ActionDeclaration: Sendable {
    /// The first word of the step.
    public var verb: String
    /// What a missing word reports: `usage: done EXERCISE`.
    public var usage: String
    /// Reads the rest of the line into the plug-in's own action value. The reader stands just past
    /// the verb, its `usage` set to `usage`; every mistake is a `ScenarioError` at its word.
    public var parse: @Sendable (inout CommandReader) throws(ScenarioError) -> PluginValue

    public init(
        verb: String, usage: String,
        parse: @escaping @Sendable (inout CommandReader) throws(ScenarioError) -> PluginValue
    ) {
        self.verb = verb
        self.usage = usage
        self.parse = parse
    }
}

/// One of the app's own `expect` lines: `expect history days 2`.
public struct CheckDeclaration: Sendable {
    /// The word after `expect`. It may be written with a colon glued to it (`items:`): the reader's
    /// `verb` is the word as written.
    public var name: String
    public var usage: String
    /// Reads the rest of the line into a check, as `ActionDeclaration.parse` does.
    public var parse: @Sendable (inout CommandReader) throws(ScenarioError) -> AppCheck

    public init(
        name: String, usage: String,
        parse: @escaping @Sendable (inout CommandReader) throws(ScenarioError) -> AppCheck
    ) {
        self.name = name
        self.usage = usage
        self.parse = parse
    }
}
