import Foundation
import Sandbox
import Testing

@testable import Harness

/// The judge's rules (docs/oracles.md), one or more cases each: a record in, a class and a message out. A record is
/// written by hand: the steps of a Notes scenario, what the app showed after each, and what the run around it knew.
@Suite struct JudgeTests {
    /// One record and the verdict it gets.
    struct Case: CustomTestStringConvertible, Sendable {
        /// The rule, as docs/oracles.md heads it.
        var rule: String
        /// The scenario's steps, after `app notes` (line 1): step `i` is on line `i + 2`.
        var steps: [String]
        /// After each step: the notes shown (`Milk, Eggs`; `` for none), `-` while the app does not run.
        var shown: [String]
        /// The steps that raised an alert.
        var told: Set<Int> = []
        /// The steps in which the fault armed at the step with this index fired.
        var fired: [Int: Int] = [:]
        /// What the notes file held before each launch that found it holding data.
        var stored: [Int: String] = [:]
        /// Whether the container still holds that data when the judge asks.
        var kept = true
        /// Files a read fault hid whose bytes are nowhere at the end.
        var overwritten: [String] = []
        /// The steps in which a crash lost key-value changes the platform had not flushed.
        var lostFlush: Set<Int> = []
        /// The steps in which a fault hit the key-value store's own file.
        var platformFault: Set<Int> = []
        /// What runs beside this one show, when the judge asks (nil: nothing known).
        var elsewhere: String?
        var verdict: OutcomeClass
        var message: String?

        var testDescription: String { rule }
    }

    static let cases: [Case] = [
        Case(
            rule: "A relaunch shows what the user acknowledged", steps: ["launch", "note Milk", "kill", "launch"],
            shown: ["", "Milk", "-", ""], verdict: .dataLoss,
            message: #"relaunch at line 5: notes "Milk" acknowledged at line 3 is missing"#),
        Case(
            rule: "A relaunch shows what the user acknowledged", steps: ["launch", "note Milk", "kill", "launch"],
            shown: ["", "Milk", "-", "Milk"], verdict: .passed),
        Case(
            rule: "A change the app alerted about is not acknowledged",
            steps: ["launch", "note Milk", "note Eggs", "kill", "launch"],
            shown: ["", "Milk", "Milk, Eggs", "-", "Milk"],
            told: [2], verdict: .alerted),
        Case(
            rule: "A crash lets the action it interrupted show its old or its new state",
            steps: ["launch", "note Milk", "note Eggs", "launch"], shown: ["", "Milk", "-", "Milk"], verdict: .passed),
        Case(
            rule: "A crash lets the action it interrupted show its old or its new state",
            steps: ["launch", "note Milk", "note Eggs", "launch"], shown: ["", "Milk", "-", ""],
            elsewhere: "Milk, Eggs",
            verdict: .dataLoss, message: #"relaunch at line 5: notes "Milk" acknowledged at line 3 is missing"#),
        Case(
            rule: "A relaunch that told the user owes the data to the next",
            steps: ["launch", "note Milk", "kill", "fault read ** io-error", "launch", "kill", "launch"],
            shown: ["", "Milk", "-", "-", "", "-", ""], told: [4], fired: [4: 3], verdict: .dataLoss,
            message: #"relaunch at line 8: notes "Milk" acknowledged at line 3 is missing"#),
        Case(
            rule: "A relaunch that told the user owes the data to the next",
            steps: ["launch", "note Milk", "kill", "fault read ** io-error", "launch", "kill", "launch"],
            shown: ["", "Milk", "-", "-", "", "-", "Milk"], told: [4], fired: [4: 3], verdict: .alerted),
        Case(
            rule: "A fault nobody was told of holds the relaunch to the run without it",
            steps: ["fault write ** io-error", "launch", "note Milk", "kill", "launch"],
            shown: ["-", "", "Milk", "-", ""], fired: [2: 0], elsewhere: "Milk", verdict: .dataLoss,
            message: #"relaunch at line 6: notes "Milk" acknowledged at line 4 is missing"#),
        Case(
            rule: "What the user removed stays removed",
            steps: ["launch", "note Milk", "note Eggs", "note Bread", "kill", "launch"],
            shown: ["", "Milk", "Milk, Eggs", "Milk", "-", "Milk, Eggs"], verdict: .dataLoss,
            message: #"relaunch at line 7: notes "Eggs" was removed by the user and is back"#),
        Case(
            rule: "An entry no state had is no data of the user's",
            steps: ["launch", "note Milk", "kill", "launch"], shown: ["", "Milk", "-", "Milk, Eggs an"],
            elsewhere: "Milk", verdict: .dataLoss,
            message: #"relaunch at line 5: notes "Eggs an" is shown, which the user never had"#),
        Case(
            rule: "A store a launch does not show", steps: ["file @notes", "launch"], shown: ["-", ""],
            stored: [1: "1\tMilk\n"], verdict: .dataLoss,
            message: "launch at line 3: @notes holds data the app does not show, and no alert was raised"),
        Case(
            rule: "A store a launch does not show", steps: ["file @notes", "launch"], shown: ["-", ""],
            stored: [1: "1\tMilk\n"], kept: false, verdict: .silentOverwrite,
            message: "launch at line 3: @notes holds data the app does not show, and no alert was raised; its data is "
                + "nowhere in the container now"),
        Case(
            rule: "A store a launch does not show", steps: ["file @notes", "launch"], shown: ["-", ""], told: [1],
            stored: [1: "1\tMilk\n"], verdict: .alerted),
        Case(
            rule: "A file hidden by a read fault is not written over",
            steps: ["fault read ** wrong-type", "launch", "note Eggs"], shown: ["-", "", "Eggs"],
            overwritten: ["Documents/notes.txt"], verdict: .silentOverwrite,
            message:
                "Documents/notes.txt: a read fault hid it from the app, and its bytes are nowhere in the container "
                + "now"),
        Case(
            rule: "What the platform loses", steps: ["launch", "note Milk", "kill", "launch"],
            shown: ["", "Milk, flag", "-", "Milk"], lostFlush: [2], verdict: .platformLoss,
            message: "relaunch at line 5: flag true acknowledged at line 3 is missing; the platform lost key-value "
                + "changes it had not flushed"),
        Case(
            rule: "What the platform loses", steps: ["launch", "note Milk", "kill", "launch"],
            shown: ["", "Milk, flag", "-", "Milk"], platformFault: [3], verdict: .platformLoss,
            message: "relaunch at line 5: flag true acknowledged at line 3 is missing; a fault hit the key-value "
                + "store's own file"),
        Case(
            rule: "What the platform loses", steps: ["launch", "note Milk", "kill", "launch"],
            shown: ["", "Milk, flag", "-", "flag"], lostFlush: [2], verdict: .dataLoss,
            message: #"relaunch at line 5: notes "Milk" acknowledged at line 3 is missing"#),
        Case(
            rule: "A deferred launch is judged when its work runs",
            steps: ["launch", "note Milk", "kill", "launch deferred", "note Eggs", "settle"],
            shown: ["", "Milk", "-", "", "Eggs", "Milk"], verdict: .dataLoss,
            message: #"work of the launch at line 5, run at line 7: notes "Eggs" acknowledged at line 6 is missing"#),
        Case(
            rule: "A change the scenario makes starts afresh",
            steps: ["launch", "note Milk", "kill", "rm Documents/notes.txt", "launch"],
            shown: ["", "Milk", "-", "-", ""], verdict: .passed),
    ]

    @Test(arguments: cases)
    func aRecordGetsItsVerdict(_ example: Case) throws {
        let judge = try Self.judge(example)
        #expect(judge.outcome == example.verdict)
        #expect(judge.finding?.message == example.message)
    }

    /// The judge of `example`'s record, every step taken and the run finished.
    static func judge(_ example: Case) throws -> Judge {
        let fixture = example.steps.contains("file @notes") ? "\n-- @notes --\n1\tMilk\n" : "\n"
        let scenario = try ScenarioParser.parse(
            (["app notes"] + example.steps).joined(separator: "\n") + fixture,
            file: "case.scenario", plugins: try PluginRegistry([plugin]))
        let elsewhere = example.elsewhere.map(state)
        let witness = Witness(kept: example.kept, filesWrittenOverUnread: example.overwritten)
        var judge = Judge(scenario: scenario, counterfactuals: Elsewhere(state: elsewhere))
        var crashes = 0
        for (index, step) in scenario.steps.enumerated() {
            let shown = example.shown[index] == "-" ? nil : state(example.shown[index])
            let wasRunning = index > 0 && example.shown[index - 1] != "-"
            var process = ProcessPhase.stopped
            if let shown {
                process = .running(shown)
            } else if wasRunning {
                crashes += 1
                process = .ended(crash: crashes)
            }
            let stored = example.stored[index].map {
                [StoredData(store: plugin.stores[0], content: .bytes(Data($0.utf8)))]
            }
            let entry = RunRecord.Entry(
                step: step, index: index, start: 0, process: process, told: example.told.contains(index),
                fired: Set(example.fired[index].map { [$0] } ?? []),
                platformFaulted: example.platformFault.contains(index),
                lostUnflushedDefaults: example.lostFlush.contains(index), storedBefore: stored ?? [],
                launched: step.command.launchesTheApp
                    ? InstalledCode(edition: AppPlugin.notes.editions[0], variant: nil) : nil,
                now: Date(timeIntervalSinceReferenceDate: 0), timeZone: TimeZone(identifier: "UTC")!)
            if step.command.changesTheContainer { judge.containerWillChange(witness) }
            judge.take(entry, container: witness)
        }
        judge.finish(witness)
        return judge
    }

    /// The Notes app with a key-value flag beside its notes: `flag` among the notes shown is the flag set.
    static let plugin: AppPlugin = {
        var plugin = AppPlugin.notes
        plugin.stores.append(.defaults("flag", key: "flag"))
        plugin.observations.append(
            ObservationDeclaration(name: "flag", store: "flag", comparison: .whole(holdsData: { _ in true })))
        return plugin
    }()

    /// `Milk, Eggs` as the judge sees it; `flag` is the key-value flag.
    static func state(_ text: String) -> VisibleData {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var values: [String: ObservedValue] = [
            "notes": .list(names.filter { $0 != "flag" }.map { .text($0) })
        ]
        if names.contains("flag") { values["flag"] = .bool(true) }
        return VisibleData(Observation(values: values), plugin: plugin)
    }

    /// The container, as the case says it is.
    struct Witness: ContainerWitness {
        var kept: Bool
        var filesWrittenOverUnread: [String]
        func isKept(_ stored: StoredData) -> Bool { kept }
        var undetectablyCorrupted: Bool { false }
        var operationsTail: [String] { [] }
    }

    /// Every run beside this one shows `state`.
    struct Elsewhere: Counterfactuals {
        var state: VisibleData?
        func state(after steps: [Step]) -> VisibleData? { state }
        func state(after steps: ArraySlice<Step>, sparing crash: Int, then later: ArraySlice<Step>) -> VisibleData? {
            state
        }
        func emptyLaunch(of code: InstalledCode, at now: Date, in timeZone: TimeZone) -> EmptyLaunch {
            EmptyLaunch(shown: VisibleData(), stored: [])
        }
        func statesWithoutFaults(upTo steps: ArraySlice<Step>) -> [VisibleData] { state.map { [$0] } ?? [] }
    }
}
