import Foundation
import HIITFit
import Sandbox
import Testing

/// What the hardened edition of HistoryStore does differently, and the loss each change prevents.
@Suite struct HistoryStoreHardenedTests {
    let world = SimulatedWorld(start: instant("2026-03-01 08:00"))
    let stored = historyFile([
        ("7D3C2A10-0000-4000-8000-000000000002", instant("2026-02-28 08:00"), ["Squat", "Burpee"]),
        ("7D3C2A10-0000-4000-8000-000000000001", instant("2026-02-27 08:00"), ["Sun Salute"]),
    ])

    func launch() -> HardenedHIITFitApp { HardenedHIITFitApp(env: world.launch()) }

    func storedExercises() -> [[String]]? {
        (parsedPlist(world.fileData(historyPath)) as? [[Any]])?.map { $0[2] as? [String] ?? ["?"] }
    }

    @Test func firstLaunchShowsAnEmptyHistoryAndNoAlert() {
        let app = launch()
        #expect(app.history.exerciseDays.isEmpty)
        #expect(app.alert == nil)
        #expect(world.filePaths.filter { $0.hasPrefix("Documents/") }.isEmpty)
    }

    @Test func storedIDsRoundTrip() {
        world.putFile(historyPath, stored)
        let app = launch()
        #expect(
            app.history.exerciseDays.map(\.id.uuidString) == [
                "7D3C2A10-0000-4000-8000-000000000002", "7D3C2A10-0000-4000-8000-000000000001",
            ])
        app.finishExercise("Step Up")
        let relaunched = launch()
        #expect(relaunched.history.exerciseDays.map(\.id) == app.history.exerciseDays.map(\.id))
        #expect(Set(relaunched.history.exerciseDays.map(\.id)).count == 3)
    }

    @Test func bookAndHardenedReadEachOthersFiles() {
        let book = HIITFitApp(env: world.launch())
        book.finishExercise("Squat")
        #expect(launch().history.exerciseDays.map(\.exercises) == [["Squat"]])
        world.advanceClock(by: DateComponents(day: 1))
        launch().finishExercise("Burpee")
        let bookAgain = HIITFitApp(env: world.launch())
        #expect(bookAgain.history.exerciseDays.map(\.exercises) == [["Burpee"], ["Squat"]])
    }

    // A one-off read fault made the book start empty and then save over the history.
    @Test(arguments: [Fault.ioError, .permissionDenied, .missing, .corruptRead, .wrongType])
    func aOneOffReadFaultIsReadAgain(fault: Fault) {
        world.putFile(historyPath, stored)
        world.arm(.on(.read, historyPath, fault))
        let app = launch()
        #expect(app.alert == nil)
        #expect(app.history.exerciseDays.map(\.exercises) == [["Squat", "Burpee"], ["Sun Salute"]])
    }

    @Test func aOneOffEmptyDocumentsLookupIsAskedAgain() {
        world.putFile(historyPath, stored)
        world.arm(.on(.urls, "Documents", .noURL))
        let app = launch()
        #expect(app.alert == nil)
        #expect(app.history.exerciseDays.count == 2)
    }

    @Test func aMissingFileIsOnlyAFirstLaunchWhenItIsReallyNotThere() {
        world.putFile(historyPath, stored)
        world.arm(.on(.read, historyPath, .missing, .every))
        let app = launch()
        #expect(app.alert?.title == "History", "the file exists, so a 'missing' read is a load failure")
        app.finishExercise("Step Up")
        #expect(app.alert?.title == "History")
        #expect(world.fileData(historyPath) == stored, "nothing replaced a file that could not be read")
    }

    @Test func aFileThatCannotBeReadIsNeverReplaced() {
        world.putFile(historyPath, stored)
        world.arm(.on(.read, historyPath, .ioError, .every))
        let app = launch()
        #expect(app.alert?.title == "History")
        app.dismissAlert()
        app.finishExercise("Step Up")
        #expect(app.alert?.message.contains("could not be saved") == true)
        #expect(app.history.exerciseDays.map(\.exercises) == [["Step Up"]], "the exercise stays on screen")
        #expect(world.fileData(historyPath) == stored)
    }

    // The book's fallback store saved over a file it had not read.
    @Test func theFallbackMergesAFileThatCanBeReadLater() {
        world.putFile(historyPath, stored)
        world.arm(.on(.read, historyPath, .ioError, .nth(1)))
        world.arm(.on(.read, historyPath, .ioError, .nth(2)))
        let app = launch()
        #expect(app.alert?.title == "History")
        app.finishExercise("Step Up")
        app.finishExercise("Squat")
        let expected = [["Step Up", "Squat"], ["Squat", "Burpee"], ["Sun Salute"]]
        #expect(app.history.exerciseDays.map(\.exercises) == expected)
        #expect(storedExercises() == expected)
        #expect(launch().history.exerciseDays.map(\.exercises) == expected)
    }

    // The book overwrote an unparsable file without a copy.
    @Test func anUnreadableFileIsCopiedBeforeItIsReplaced() {
        let garbage = Data("not a plist".utf8)
        world.putFile(historyPath, garbage)
        let app = launch()
        #expect(app.alert?.title == "History")
        #expect(app.history.exerciseDays.isEmpty)
        #expect(world.fileData("Documents/history.plist.unreadable-1") == nil, "nothing is written until a save")
        app.dismissAlert()
        app.finishExercise("Squat")
        #expect(app.alert == nil)
        #expect(world.fileData("Documents/history.plist.unreadable-1") == garbage)
        #expect(storedExercises() == [["Squat"]])
        let relaunched = launch()
        #expect(relaunched.alert == nil)
        #expect(relaunched.history.exerciseDays.map(\.exercises) == [["Squat"]])
    }

    @Test func aSecondUnreadableFileGetsTheNextCopyName() {
        world.putFile("Documents/history.plist.unreadable-1", Data("older".utf8))
        world.putFile(historyPath, Data("newer".utf8))
        launch().finishExercise("Squat")
        #expect(world.fileData("Documents/history.plist.unreadable-1") == Data("older".utf8))
        #expect(world.fileData("Documents/history.plist.unreadable-2") == Data("newer".utf8))
    }

    @Test func whenTheCopyCannotBeWrittenTheFileIsNotReplaced() {
        let garbage = Data("not a plist".utf8)
        world.putFile(historyPath, garbage)
        let app = launch()
        world.arm(.on(.write, "Documents/*", .diskFull))
        app.finishExercise("Squat")
        #expect(app.alert?.message.contains("could not be saved") == true)
        #expect(world.fileData(historyPath) == garbage)
        app.finishExercise("Burpee")
        #expect(world.fileData("Documents/history.plist.unreadable-1") == garbage)
        #expect(storedExercises() == [["Squat", "Burpee"]])
    }

    // The book trapped on a short entry and silently replaced bad dates and exercises.
    @Test func malformedEntriesAreReportedAndTheGoodOnesKept() {
        let file = binaryPlist([
            ["7D3C2A10-0000-4000-8000-000000000002", instant("2026-02-28 08:00"), ["Squat"]] as [Any],
            ["7D3C2A10-0000-4000-8000-000000000001", instant("2026-02-27 08:00")],
            ["not a uuid", "yesterday", ["Burpee"]],
        ])
        world.putFile(historyPath, file)
        let app = launch()
        #expect(app.alert?.title == "History")
        #expect(app.history.exerciseDays.map(\.exercises) == [["Squat"]])
        app.finishExercise("Step Up")
        #expect(world.fileData("Documents/history.plist.unreadable-1") == file)
        #expect(storedExercises() == [["Step Up"], ["Squat"]])
    }

    @Test func aRootOfAnotherShapeIsReportedNotSilentlyEmptied() {
        world.putFile(historyPath, binaryPlist(["days": 3]))
        let app = launch()
        #expect(app.alert?.title == "History")
    }

    @Test func aBadIDIsReplacedWithoutAnAlert() {
        world.putFile(historyPath, binaryPlist([["not a uuid", instant("2026-02-28 08:00"), ["Squat"]] as [Any]]))
        let app = launch()
        #expect(app.alert == nil)
        #expect(app.history.exerciseDays.map(\.exercises) == [["Squat"]])
    }

    // The book called fatalError when a save failed.
    @Test(arguments: [Fault.diskFull, .ioError, .permissionDenied, .partialWrite(bytes: 10, then: .error)])
    func aFailedSaveIsReportedAndTheNextSaveWritesIt(fault: Fault) {
        let app = launch()
        world.arm(.on(.write, "Documents/*", fault))
        app.finishExercise("Squat")
        #expect(app.alert?.title == "History")
        #expect(app.history.saveError != nil)
        #expect(app.history.exerciseDays.map(\.exercises) == [["Squat"]])
        app.finishExercise("Burpee")
        #expect(app.history.saveError == nil)
        #expect(launch().history.exerciseDays.map(\.exercises) == [["Squat", "Burpee"]])
    }

    @Test func noDocumentsFolderAtAllNeverTraps() {
        world.arm(.on(.urls, "Documents", .noURL, .every))
        let app = launch()
        #expect(app.alert?.title == "History")
        app.finishExercise("Squat")
        #expect(app.history.saveError != nil)
        #expect(throws: HistoryStore.FileError.urlFailure) { try app.history.save() }
    }

    @Test func theEarlierFormDoesNotTrapOnFirstLaunch() {
        let app = launch()
        app.history.addDoneExerciseEarlyForm("Squat")
        #expect(app.history.exerciseDays.map(\.exercises) == [["Squat"]])
    }

    @Test func aCrashAtAnyStepOfTheSaveKeepsEitherTheOldOrTheNewHistory() {
        for kind in [OperationKind.write, .sync, .rename] {
            for crash in [Fault.crashBefore(.powerLoss), .crashAfter(.powerLoss)] {
                let world = SimulatedWorld(seed: 7, start: instant("2026-03-01 08:00"))
                world.putFile(historyPath, stored)
                let app = HardenedHIITFitApp(env: world.launch())
                world.arm(.on(kind, historyPath, crash))
                _ = world.perform { app.finishExercise("Step Up") }
                let relaunched = HardenedHIITFitApp(env: world.launch())
                #expect(relaunched.alert == nil, "\(kind) \(crash)")
                let shown = relaunched.history.exerciseDays.map(\.exercises)
                #expect(
                    shown == [["Squat", "Burpee"], ["Sun Salute"]]
                        || shown == [["Step Up"], ["Squat", "Burpee"], ["Sun Salute"]], "\(kind) \(crash)")
            }
        }
    }
}
