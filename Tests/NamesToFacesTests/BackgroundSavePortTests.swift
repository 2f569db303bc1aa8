import Foundation
import NamesToFaces
import NamesToFacesPlugin
import Sandbox
import Testing

@testable import Harness

/// A port of Names to Faces that saves only when the scene goes to the background, registered as a user
/// registers one: `background` (and `exit`) run its `sceneDidEnterBackground()`, a plain kill does not.
@Suite struct BackgroundSavePortTests {
    static let plugins = try! PluginRegistry([
        AppPlugin.namesToFaces.adding(
            .namesToFaces(name: "on-background", summary: "saves the people only on backgrounding") { env, _ in
                BackgroundSavingPeople(env: env)
            }
        ).adding(
            .namesToFaces(name: "loads-after-launch", summary: "loads after launch, over people added meanwhile") {
                env, _ in BackgroundSavingPeople(env: env, loadsAfterLaunch: true)
            })
    ])

    static func run(_ steps: String) throws -> RunResult {
        let scenario = try ScenarioParser.parse(
            "app namestofaces\nlaunch\nperson add Alice\n" + steps, file: "port.scenario", plugins: plugins)
        return ScenarioRunner(edition: "on-background").run(scenario)
    }

    @Test func aPersonSavedAtBackgroundSurvivesAKill() throws {
        let result = try Self.run("background\nkill\nlaunch\nexpect people: Alice\n")
        #expect(result.passed, "\(result.failure.map { "\($0.location): \($0.found)" } ?? "")")
    }

    @Test func aPlainKillLosesThePersonNeverSaved() throws {
        let result = try Self.run("kill\nlaunch\nexpect people empty\n")
        #expect(result.verdict == .dataLoss)
        #expect(result.verdictMessage == "relaunch at line 5: people: Alice acknowledged at line 3 is missing")
    }
}

extension BackgroundSavePortTests {
    /// A crash inside adding Bob excuses Bob's absence, not Alice's: added earlier, never saved, and gone.
    @Test func aCrashInsideALaterAddDoesNotExcuseAnEarlierUnsavedOne() throws {
        let result = try Self.run("fault write Documents/* crash-after\nperson add Bob\nexpect crashed\nlaunch\n")
        #expect(result.verdict == .dataLoss)
        #expect(result.verdictMessage == "relaunch at line 7: people: Alice acknowledged at line 3 is missing")
    }

    /// A key-value store that answers nothing for good excuses a save of the user's changes over what the app
    /// could not see, not a save at background of nothing the user changed: that loss is the app's.
    @Test func aStoreThatAnswersNothingForGoodExcusesOnlyTheUsersOwnChanges() throws {
        func judged(_ steps: String) throws -> OutcomeClass {
            let scenario = try ScenarioParser.parse(
                "app namestofaces\nlaunch\nperson add Alice\nbackground\nkill\nlaunch\n" + steps,
                file: "port.scenario", plugins: Self.plugins)
            let missing = FaultRule(
                kind: .get, path: PathPattern("defaults:people"), occurrence: .from(2), fault: .missing)
            let mode = RunMode.exploring(faults: [missing], lifecycle: nil)
            return ScenarioRunner(edition: "on-background", mode: mode).run(scenario).judged.outcome
        }
        #expect(try judged("") == .silentOverwrite, "nothing changed: the save at background overwrote Alice")
        #expect(try judged("person add Bob\n") == .platformLoss, "Bob's save went over an Alice it could not see")
    }
}

extension BackgroundSavePortTests {
    /// The shipped scenario for a load that runs after launch holds a port whose load replaces a person added first.
    @Test func aLoadAfterLaunchThatReplacesAPersonAddedFirstFailsTheShippedScenario() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Scenarios/namestofaces/person-added-before-the-people-load.scenario")
        let scenario = try ScenarioText(contentsOf: file.path).parse(plugins: Self.plugins)
        let lost = ScenarioRunner(edition: "loads-after-launch").run(scenario)
        #expect(lost.verdict == .dataLoss)
        #expect(
            lost.verdictMessage
                == "work of the launch at line 8, run at line 10: people: Bob acknowledged at line 9 is missing")
        #expect(ScenarioRunner(edition: "on-background").run(scenario).passed)
    }
}

extension BackgroundSavePortTests {
    /// A fault in the platform's own read of its key-value file shows the app nothing, and the next save then
    /// replaces the people: the platform's loss, in `run` as in the explorer, not the app's overwrite.
    @Test func aFaultInThePlatformsReadOfItsFileIsThePlatformsLossInARunToo() throws {
        let text = """
            app namestofaces
            launch
            person add Alice
            background
            kill
            fault read Library/Preferences/com.example.NamesToFaces.plist missing
            launch
            person add Carol
            background
            kill
            launch

            """
        let scenario = try ScenarioParser.parse(text, file: "t.scenario", plugins: Self.plugins)
        let result = ScenarioRunner(edition: "book").run(scenario)
        #expect(result.verdict == .platformLoss)
        #expect(
            result.verdictMessage
                == "relaunch at line 7: people: Alice acknowledged at line 3 is missing; a fault hit the key-value "
                + "store's own file")
    }
}

/// The people grid as a port might have it: pictures written at once, the people (as JSON) only at background.
final class BackgroundSavingPeople: PeopleScreen {
    let env: AppEnvironment
    var people: [Person] = []
    private var documents: URL { env.files.urls(for: .documents)[0] }

    /// Whether the load runs after launch (`DispatchQueue.main.async`) and replaces what the user added meanwhile.
    let loadsAfterLaunch: Bool

    init(env: AppEnvironment, loadsAfterLaunch: Bool = false) {
        self.env = env
        self.loadsAfterLaunch = loadsAfterLaunch
    }

    var names: [String] { people.map(\.name) }
    var pictureNames: [String] { people.map(\.image) }
    var alert: AppAlert? { nil }
    var alerts: [AppAlert] { [] }

    func viewDidLoad() {
        if loadsAfterLaunch {
            env.mainQueue.async { self.load() }
        } else {
            load()
        }
    }

    private func load() {
        guard let data = env.defaults.object(forKey: "people") as? Data else { return }
        people = (try? JSONDecoder().decode([Person].self, from: data)) ?? []
    }

    func addPerson(name: String, imageData: Data) {
        let image = env.identifiers.next().uuidString
        try? env.files.write(imageData, to: documents.appendingPathComponent(image), mode: .plain)
        people.append(Person(name: name, image: image))
    }

    func rename(at index: Int, to name: String) { people[index].name = name }
    func deletePerson(at index: Int) { people.remove(at: index) }
    func imageData(at index: Int) throws -> Data {
        try env.files.contents(of: documents.appendingPathComponent(people[index].image))
    }

    func sceneDidEnterBackground() {
        if let data = try? JSONEncoder().encode(people) { env.defaults.set(data, forKey: "people") }
    }
}
