import Harness
import NamesToFacesPlugin
import Testing

/// `person delete N` and `expect person N picture intact|missing` as a scenario writes them, and every
/// mistake reported at its word.
@Suite struct PersonVocabularyTests {
    static let plugins = try! PluginRegistry([.namesToFaces])

    func steps(_ lines: String) throws -> [Command] {
        try ScenarioParser.parse("app namestofaces\n" + lines, file: "m.scenario", plugins: Self.plugins)
            .steps.map(\.command)
    }

    func messages(_ lines: String) -> [String] {
        do {
            _ = try ScenarioParser.parse("app namestofaces\n" + lines, file: "m.scenario", plugins: Self.plugins)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func deleteAndPictureChecksParse() throws {
        #expect(
            try steps("person delete 2\nexpect person 0 picture intact\nexpect person 1 picture missing") == [
                .action(PluginValue(PersonAction.delete(index: 2))),
                .expect(.app(AppCheck(PictureCheck(index: 0, state: .intact)))),
                .expect(.app(AppCheck(PictureCheck(index: 1, state: .missing)))),
            ])
    }

    @Test(arguments: [
        ("person delet 0", "m.scenario:2:8: unknown person action 'delet' (did you mean 'delete'?)"),
        ("person delete", "m.scenario:2:14: usage: person delete N"),
        ("person delete first", "m.scenario:2:15: expected a whole number, found 'first'"),
        ("person delete 0 Alice", "m.scenario:2:17: unexpected 'Alice' after 'person delete 0'"),
        ("expect person x picture intact", "m.scenario:2:15: expected a whole number, found 'x'"),
        ("expect person 0 pictur intact", "m.scenario:2:17: unknown person check 'pictur' (did you mean 'picture'?)"),
        ("expect person 0 picture intakt", "m.scenario:2:25: unknown picture state 'intakt' (did you mean 'intact'?)"),
        ("expect person 0 picture", "m.scenario:2:24: usage: expect person N picture intact|missing"),
        ("expect faces Alice", "m.scenario:2:14: expected 'empty' or a colon right after 'faces', found 'Alice'"),
        (
            "expect person 0 picture missing now",
            "m.scenario:2:33: unexpected 'now' after 'expect person 0 picture missing'"
        ),
    ])
    func mistakesAreReportedAtTheirWord(line: String, message: String) {
        #expect(messages(line) == [message])
    }
}
