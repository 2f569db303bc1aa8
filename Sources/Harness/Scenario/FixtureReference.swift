/// A use of a fixture by a step, checked once the fixtures are loaded.
struct FixtureReference: Sendable {
    var name: String
    var location: ScenarioLocation
    /// `defaults set KEY plist NAME`: the fixture must hold a property list.
    var needsPropertyList: Bool
    /// `expect kept NAME`: the fixture must hold at least one byte (no bytes are in every file).
    var needsBytes: Bool
}
