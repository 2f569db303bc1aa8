/// The words the scenario language gives a meaning of its own, which no plug-in may declare.
enum CoreVocabulary {
    /// The steps of the language itself; plug-ins add their actions.
    static let verbs = [
        "app", "launch", "upgrade", "settle", "background", "exit", "kill", "power-loss", "seed", "clock", "timezone",
        "defaults", "file", "mkdir", "rm", "fault", "faults", "expect",
    ]

    /// The `expect` checks of the language itself; plug-ins add their own.
    static let checks = [
        "crashed", "trapped", "alert", "printed", "file", "files", "kept", "defaults",
        "persisted", "ops", "plist", "ids", "verdict",
    ]
}
