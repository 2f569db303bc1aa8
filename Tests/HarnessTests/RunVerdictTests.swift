import Foundation
import HIITFitPlugin
import Harness
import Sandbox
import Testing

/// The model-based oracle in scripted runs: each kind of loss a run with no fault can show, found with no
/// `expect` line, with its verdict and message; and the reference apps passing the same scenarios.
@Suite struct RunVerdictTests {
    static let plugins = try! PluginRegistry([.hiitfit, ListNotesApp.plugin])

    static func run(_ text: String, edition: String) throws -> RunResult {
        let scenario = try ScenarioParser.parse(text, file: "t.scenario", plugins: plugins)
        return ScenarioRunner(edition: edition).run(scenario)
    }

    @Test func aChangeKeptOnlyInMemoryIsLostOnAKill() throws {
        let text = "app notes\nlaunch\nnote Milk\nkill\nlaunch\n"
        let lost = try Self.run(text, edition: "memory")
        #expect(lost.verdict == .dataLoss)
        #expect(lost.verdictMessage == #"relaunch at line 5: note "Milk" acknowledged at line 3 is missing"#)
        #expect(!lost.passed, "a scripted run with a failing verdict fails")
        #expect(lost.failure?.location.line == 5)
        let kept = try Self.run(text, edition: "saving")
        #expect(kept.verdict == .passed && kept.passed && kept.verdictMessage == nil)
    }

    @Test func entriesOutOfOrderAfterARelaunchAreLost() throws {
        let text = "app notes\nlaunch\nnote Milk\nnote Eggs\nkill\nlaunch\n"
        let shuffled = try Self.run(text, edition: "reversing")
        #expect(shuffled.verdict == .dataLoss)
        #expect(shuffled.verdictMessage == "relaunch at line 6: notes acknowledged at line 4 is out of order")
        #expect(try Self.run(text, edition: "saving").verdict == .passed)
    }

    /// An upgrade ends the old code's process and launches the new code: that relaunch is judged too.
    @Test func anUpgradeIsARelaunchTheOracleJudges() throws {
        let text = "app notes\nlaunch edition saving\nnote Milk\nnote Eggs\nupgrade\n"
        let shuffled = try Self.run(text, edition: "reversing")
        #expect(shuffled.verdict == .dataLoss)
        #expect(shuffled.verdictMessage == "relaunch at line 5: notes acknowledged at line 4 is out of order")
        #expect(try Self.run(text, edition: "saving").verdict == .passed)
    }

    /// A deletion is a change too: a note the user dropped, with no alert, must not be back after a relaunch.
    @Test func anEntryTheUserRemovedThatComesBackIsLost() throws {
        let text = "app notes\nlaunch\nnote Milk\nnote Eggs\ndrop\nkill\nlaunch\n"
        let back = try Self.run(text, edition: "unsaved-drops")
        #expect(back.verdict == .dataLoss)
        #expect(back.verdictMessage == #"relaunch at line 7: note "Eggs" was removed by the user and is back"#)
        #expect(try Self.run(text, edition: "saving").verdict == .passed)
        // Dropped, then written again: shown as often as before the relaunch is no loss.
        let again = try Self.run("app notes\nlaunch\nnote Eggs\ndrop\nnote Eggs\nkill\nlaunch\n", edition: "saving")
        #expect(again.verdict == .passed)
        // A crash inside the drop may show the note still: the interrupted action's old state.
        let crashed = try Self.run(
            "app notes\nlaunch\nnote Milk\nfault write @notes crash-before\ndrop\nlaunch\n", edition: "saving")
        #expect(crashed.verdict == .passed)
    }

    /// An app that saves later never reaches the write an armed crash waits for: the failure says so.
    @Test func anExpectedCrashThatNeverCameSaysTheArmedFaultHasNotFired() throws {
        let text = "app notes\nlaunch\nfault write @notes crash-before\nnote Milk\nexpect crashed\n"
        let memory = try Self.run(text, edition: "memory")
        #expect(memory.failure?.location.line == 5)
        #expect(
            memory.failure?.found
                == "the app is running, and an armed fault has not fired: no operation it selects has run yet")
        #expect(try Self.run(text, edition: "saving").passed)
        let cleared = try Self.run(
            "app notes\nlaunch\nfault write @notes crash-before\nfaults clear\nexpect crashed\n", edition: "saving")
        #expect(cleared.failure?.found == "the app is running")
    }

    /// An expected alert that never came because the fault never fired (a port that writes no file yet) says so.
    @Test func anExpectedAlertThatNeverCameSaysTheArmedFaultHasNotFired() throws {
        let text = "app notes\nlaunch\nfault write @notes io-error\nnote Milk\nexpect alert\n"
        let memory = try Self.run(text, edition: "memory")
        #expect(memory.failure?.location.line == 5)
        #expect(
            memory.failure?.found
                == "no alert, and an armed fault has not fired: no operation it selects has run yet")
    }

    @Test func aDictionaryRootedHistoryEmptiedAndWrittenOverIsASilentOverwrite() throws {
        let text = """
            app hiitfit
            clock 2026-03-01 08:00 UTC
            file @history
            launch
            done Squat
            kill
            launch
            -- @history (xml) --
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>days</key><array><dict>
            <key>date</key><date>2026-02-28T08:00:00Z</date>
            <key>exercises</key><array><string>Burpee</string></array>
            </dict></array></dict></plist>

            """
        let book = try Self.run(text, edition: "book")
        #expect(book.verdict == .silentOverwrite)
        #expect(
            book.verdictMessage == "launch at line 4: @history holds data the app does not show, and no alert "
                + "was raised; its data is nowhere in the container now")
        #expect(book.failure?.location.line == 4)
        let hardened = try Self.run(text, edition: "hardened")
        #expect(hardened.passed && hardened.verdict == .alerted, "told, and the file kept")
    }

    @Test func ratingsPaddedOverAStoredIntAreASilentOverwrite() throws {
        // The user opens Burpee's rating: the book writes "0000" over the Int it could not read.
        let text =
            "app hiitfit\ndefaults set @ratings int 4000\nlaunch\nexpect rating Burpee 0\nbackground\nkill\nlaunch\n"
        let book = try Self.run(text, edition: "book")
        #expect(book.verdict == .silentOverwrite)
        #expect(book.verdictMessage?.hasPrefix("launch at line 3: @ratings holds data the app does not show") == true)
        let hardened = try Self.run(text, edition: "hardened")
        #expect(hardened.passed && hardened.verdict == .passed)
    }

    @Test func unflushedDefaultsLostOnAKillAreThePlatformsLossNotAFailure() throws {
        let text = "app hiitfit\ndefaults flush never\nlaunch\nrate Squat 3\nkill\nlaunch\n"
        let result = try Self.run(text, edition: "hardened")
        #expect(result.verdict == .platformLoss)
        #expect(result.passed)
        #expect(
            result.verdictMessage
                == "relaunch at line 6: ratings 3000 acknowledged at line 4 is missing; "
                + "the platform lost key-value changes it had not flushed")
    }

    @Test func anEmptyListStoredIsNoDataAndOneTheAppCannotReadIsHidden() throws {
        let empty = try Self.run("app notes\nfile @notes\nlaunch\n-- @notes --\n[]\n", edition: "saving")
        #expect(empty.passed && empty.verdict == .passed, "an empty list shown empty hides nothing")
        let unread = try Self.run(
            "app notes\nfile @notes\nlaunch\n-- @notes --\n{\"notes\": [\"Milk\"]}\n", edition: "saving")
        #expect(unread.verdict == .dataLoss, "not shown, not told, still stored")
        #expect(
            unread.verdictMessage
                == "launch at line 3: @notes holds data the app does not show, and no alert was raised")
    }

    /// A relaunch under a fault the scenario armed that tells the user is no loss yet; the data is still owed.
    @Test func dataAnAlertedRelaunchCouldNotShowIsOwedByTheNextOne() throws {
        let text = """
            app notes
            launch
            note Milk
            kill
            fault read @notes io-error
            launch
            note Eggs
            kill
            launch

            """
        // Owed at line 9, Milk is missing there; and as Eggs was saved over it, it is nowhere: the worse finding.
        let wiped = try Self.run(text, edition: "alerting")
        #expect(wiped.verdict == .silentOverwrite)
        #expect(
            wiped.verdictMessage
                == "launch at line 6: @notes holds data the app does not show, and an alert was raised, but its data "
                + "is nowhere in the container now")
        let owed = try Self.run(text.replacingOccurrences(of: "note Eggs\n", with: ""), edition: "alerting")
        #expect(owed.verdict == .alerted, "told, and Milk shown again once the fault is gone")
        let silent = try Self.run(text, edition: "saving")
        #expect(silent.verdict == .silentOverwrite && silent.failure?.location.line == 6, "not told: lost at once")
    }

    @Test func expectVerdictHoldsTheVerdictSoFarAndExcusesALossItNames() throws {
        let lossy = "app notes\nlaunch\nnote Milk\nkill\nlaunch\n"
        #expect(try Self.run(lossy + "expect verdict dataLoss\n", edition: "memory").passed)
        let negated = try Self.run(lossy + "! expect verdict dataLoss\n", edition: "memory")
        #expect(!negated.passed && negated.failure?.location.line == 5, "the loss, found first, is what fails")
        let fine = try Self.run("app notes\nlaunch\nnote Milk\n! expect verdict dataLoss\n", edition: "memory")
        #expect(fine.passed)
        let wrong = try Self.run("app notes\nlaunch\nexpect verdict alerted\n", edition: "saving")
        #expect(wrong.failure?.location.line == 3 && wrong.failure?.found == "passed")
    }

    @Test func anUnknownVerdictIsAParseErrorWithASuggestion() {
        #expect {
            try ScenarioParser.parse("app notes\nexpect verdict dataloss\n", file: "v.scenario", plugins: Self.plugins)
        } throws: { error in
            "\(error)".contains("v.scenario:2:16: unknown verdict 'dataloss' (did you mean 'dataLoss'?)")
        }
        #expect(throws: ScenarioErrors.self) {
            try ScenarioParser.parse(
                "app notes\nexpect verdict passed now\n", file: "v.scenario", plugins: Self.plugins)
        }
    }
}

extension RunVerdictTests {
    /// A crash inside an action excuses only what that action changes: a note acknowledged before it, which the app
    /// had not saved, is lost whatever the interrupted action was.
    @Test func aCrashExcusesOnlyTheChangeOfTheActionItInterrupts() throws {
        let text =
            "app notes\nlaunch\nnote Milk\nfault write Documents/* crash-after\nnote Eggs\nexpect crashed\nlaunch\n"
        let lost = try Self.run(text, edition: "at-background")
        #expect(lost.verdict == .dataLoss)
        #expect(lost.verdictMessage == #"relaunch at line 7: note "Milk" acknowledged at line 3 is missing"#)
        // Its old state (the write was the new list's, not yet in place) is no loss.
        #expect(try Self.run(text, edition: "saving").verdict == .passed)
        // Nor is its new state, though it shows less than before: the drop was done.
        let drop = "app notes\nlaunch\nnote Milk\nfault rename @notes crash-after\ndrop\nexpect crashed\nlaunch\n"
        let dropped = try Self.run(drop, edition: "saving")
        #expect(dropped.verdict == .passed, "\(dropped.verdictMessage ?? "")")
        #expect(dropped.passed, "\(dropped.failure?.summary ?? "")")
    }
}

extension RunVerdictTests {
    /// Telling the user the notes could not be read excuses not showing them, not saving over them.
    @Test func anAlertedLaunchThatLeavesTheDataNowhereIsASilentOverwrite() throws {
        let text = "app notes\nlaunch\nnote Milk\nbackground\nkill\nfault read @notes missing every\nlaunch\n"
        let overwritten = try Self.run(text + "background\nkill\nlaunch\n", edition: "at-background")
        #expect(overwritten.verdict == .silentOverwrite)
        #expect(
            overwritten.verdictMessage == "launch at line 7: @notes holds data the app does not show, and an alert "
                + "was raised, but its data is nowhere in the container now")
        // Told, and the file left as it was: no loss.
        #expect(try Self.run(text + "kill\nlaunch\n", edition: "at-background").verdict == .alerted)
        // A note the user adds after the alert, saved over the notes they had, does not excuse their loss.
        let over =
            "app notes\nlaunch\nnote Milk\nkill\nfault read @notes missing every\nlaunch\nnote Eggs\nkill\nlaunch\n"
        let replaced = try Self.run(over, edition: "alerting")
        #expect(replaced.verdict == .silentOverwrite)
        #expect(replaced.verdictMessage?.hasPrefix("launch at line 6: @notes holds data") == true)
    }

    /// A copy of the bytes a faulted read gave the app is a copy of what it read: kept, as the explorer counts it, so
    /// no silent overwrite; the next relaunch, the fault gone, still owes the note the app no longer has.
    @Test func aCopyOfWhatTheAppWasGivenIsKeptButTheNoteIsStillOwed() throws {
        let text = "app notes\nlaunch\nnote Milk\nkill\nfault read @notes wrong-type\nlaunch\nnote Eggs\nkill\nlaunch\n"
        let copied = try Self.run(text, edition: "copying")
        #expect(copied.verdict == .dataLoss)
        #expect(copied.verdictMessage == #"relaunch at line 9: note "Milk" acknowledged at line 3 is missing"#)
        #expect(try Self.run(text, edition: "alerting").verdict == .silentOverwrite)
    }

    /// Bytes no app can read, never seen by the user: an alert about them does not excuse writing over them, though
    /// a later look shows notes of the same store.
    @Test func anAlertAboutUnreadableBytesDoesNotExcuseWritingOverThem() throws {
        let text = "app notes\nfile @notes\nlaunch\nnote Eggs\nkill\nlaunch\n-- @notes --\n[\"Milk\", garbage\n"
        let overwritten = try Self.run(text, edition: "alerting")
        #expect(overwritten.verdict == .silentOverwrite)
        #expect(
            overwritten.verdictMessage == "launch at line 3: @notes holds data the app does not show, and an alert "
                + "was raised, but its data is nowhere in the container now")
    }
}

extension RunVerdictTests {
    /// After a fault nobody was told of, a relaunch shows at least what it shows with no such fault: the book's
    /// ratings, read as missing once, are written back as the one new rating alone.
    @Test func aFaultNobodyWasToldOfHoldsTheRelaunchToTheRunWithoutIt() throws {
        let text = """
            app hiitfit
            launch
            rate Squat 4
            rate Burpee 3
            background
            kill
            launch
            fault get @ratings missing
            rate Sun Salute 5
            background
            kill
            launch

            """
        let reset = try Self.run(text, edition: "book")
        #expect(reset.verdict == .dataLoss)
        #expect(reset.verdictMessage == "relaunch at line 12: ratings 4035 shows ratings 0005")
        #expect(try Self.run(text, edition: "hardened").verdict == .passed)
    }
}

/// A notes app for the oracle's tests: one list, newest first, in `Documents/notes.json`, in editions that
/// save each change, keep changes in memory only, load the list reversed, alert on a failed read and
/// start empty (saving over the file at the next change), save new notes but not a dropped one, or write
/// each new note's own file at once and the list only at background (alerting on a failed read too).
enum ListNotesApp {
    static let plugin = AppPlugin(
        name: "notes", bundleIdentifier: "com.example.Notes",
        stores: [.file("notes", at: "Documents/notes.json")],
        observations: [
            ObservationDeclaration(name: "notes", store: "notes", comparison: .orderedEntries) { value, _ in
                guard case .list(let notes) = value, !notes.isEmpty else { return [] }
                return ["expect note " + notes.map { "\"\($0.text)\"" }.joined(separator: ", ")]
            }
        ],
        actions: [
            ActionDeclaration(verb: "note", usage: "note TEXT") { reader throws(ScenarioError) in
                PluginValue(try reader.rest().text)
            },
            ActionDeclaration(verb: "drop", usage: "drop") { reader throws(ScenarioError) in
                try reader.finish()
                return PluginValue(DropNewest())
            },
        ],
        checks: [],
        editions: ["saving", "memory", "reversing", "alerting", "unsaved-drops", "at-background", "copying"].map {
            name in
            AppEdition(name: name, summary: "notes, \(name)") { Driver(env: $0.environment, edition: name) }
        })

    /// `drop`: the user deletes the newest note.
    struct DropNewest: Hashable, Sendable {}

    final class Driver: AppDriver {
        let env: AppEnvironment
        let edition: String
        var notes: [String] = []
        var alert: AppAlert?
        var url: URL { env.files.urls(for: .documents)[0].appendingPathComponent("notes.json") }

        init(env: AppEnvironment, edition: String) {
            self.env = env
            self.edition = edition
            do {
                let data = try env.files.contents(of: url)
                guard let stored = try? JSONDecoder().decode([String].self, from: data) else {
                    // `copying`: what it read is kept beside the list, and the user told.
                    if edition == "copying" {
                        let aside = url.deletingLastPathComponent().appendingPathComponent("notes.unreadable")
                        try? env.files.write(data, to: aside, mode: .atomic)
                        alert = AppAlert(title: "Notes", message: "could not read the notes; kept a copy")
                        return
                    }
                    throw CocoaError(.fileReadCorruptFile)
                }
                notes = edition == "reversing" ? stored.reversed() : stored
            } catch {
                if ["alerting", "at-background"].contains(edition) && env.files.fileExists(at: url) {
                    alert = AppAlert(title: "Notes", message: "could not read the notes")
                }
            }
        }

        func perform(_ action: PluginValue) throws(ActionError) {
            if action.as(DropNewest.self) != nil {
                if !notes.isEmpty { notes.removeFirst() }
                if edition == "unsaved-drops" { return }
            } else {
                notes.insert(action.as(String.self) ?? "", at: 0)
                if edition == "at-background" {
                    let own = url.deletingLastPathComponent().appendingPathComponent("note-\(notes.count).txt")
                    try? env.files.write(Data(notes[0].utf8), to: own, mode: .plain)
                    return
                }
            }
            guard edition != "memory" else { return }
            save()
        }

        func enterBackground() { if edition == "at-background" { save() } }

        private func save() {
            guard let data = try? JSONEncoder().encode(notes) else { return }
            try? env.files.write(data, to: url, mode: .atomic)
        }

        func observe() -> Observation {
            Observation(
                values: ["notes": .list(notes.map { .text($0) })], alert: alert, alertCount: alert == nil ? 0 : 1)
        }

        func evaluate(_ check: AppCheck, in context: CheckContext) -> CheckFinding {
            CheckFinding(holds: false, found: "the notes app has no checks")
        }
    }
}

extension ObservedValue {
    fileprivate var text: String {
        if case .text(let text) = self { return text }
        return "\(self)"
    }
}
