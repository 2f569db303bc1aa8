import Foundation
import Testing

@testable import Harness

/// What the oracles take as "still there" after a fault: every entry of the data the user had,
/// counted, in the observation that showed it.
@Suite struct VisibleDataTests {
    private static let squat = ObservedValue.record([.instant(Date(timeIntervalSince1970: 0)), .text("Squat")])
    private static let burpee = ObservedValue.record([.instant(Date(timeIntervalSince1970: 0)), .text("Burpee")])

    /// Data whose observations are judged entry by entry, one list each.
    private static func data(_ lists: [String: [ObservedValue]]) -> VisibleData {
        var data = VisibleData()
        for (name, entries) in lists {
            data.values[name] = .list(entries)
            data.judging[name] = VisibleData.Judging(inFile: true, byEntries: true, holdsData: true)
        }
        return data
    }

    @Test func anEntryTheUserHadTwiceMustBeThereTwice() {
        let had = Self.data(["history": [Self.squat, Self.squat]])
        #expect(!Self.data(["history": [Self.squat, Self.burpee]]).contains(had))
        #expect(Self.data(["history": [Self.burpee, Self.squat, Self.squat]]).contains(had))
    }

    @Test func anEntryInAnotherObservationDoesNotStandForAMissingOne() {
        let had = Self.data(["history": [Self.squat], "archive": [Self.burpee]])
        let moved = Self.data(["history": [Self.squat, Self.burpee], "archive": [Self.squat]])
        #expect(!moved.contains(had))
        #expect(Self.data(["history": [Self.burpee, Self.squat], "archive": [Self.burpee]]).contains(had))
    }

    @Test func theSameDataHoldsItselfAndMoreDoesNotFitInLess() {
        let had = Self.data(["history": [Self.squat, Self.burpee]])
        #expect(had.contains(had))
        #expect(!Self.data(["history": [Self.squat]]).contains(had))
        #expect(!Self.data([:]).contains(had))
        #expect(had.contains(Self.data([:])))
    }

    @Test func aWholeValueThatHoldsDataMustBeEqual() {
        var had = VisibleData()
        had.values["ratings"] = .text("40")
        had.judging["ratings"] = VisibleData.Judging(inFile: false, byEntries: false, holdsData: true)
        var changed = had
        changed.values["ratings"] = .text("00")
        #expect(!changed.contains(had))
        had.judging["ratings"]?.holdsData = false
        #expect(changed.contains(had))
    }
}

/// The lists two states begin and end with alike are set aside before the rest is taken apart: what is
/// missing and whether the order is kept come out as when every entry was compared.
@Suite struct VisibleDataSharedElementsTests {
    private static func day(_ second: Double, _ exercises: [String]) -> ObservedValue {
        .record([.instant(Date(timeIntervalSince1970: second)), .list(exercises.map(ObservedValue.text))])
    }

    private static func data(_ days: [ObservedValue], ordered: Bool = false) -> VisibleData {
        var data = VisibleData()
        data.values["history"] = .list(days)
        data.judging["history"] = VisibleData.Judging(inFile: true, byEntries: true, holdsData: true, ordered: ordered)
        return data
    }

    @Test func anEntryMissingInsideALongHistoryIsCountedOnce() {
        let days = (0..<50).map { Self.day(Double($0), ["Squat", "Burpee"]) }
        var lost = days
        lost[20] = Self.day(20, ["Squat"])
        #expect(Self.data(lost).missingCount(of: Self.data(days)) == 1)
        #expect(Self.data(days).missingCount(of: Self.data(lost)) == 0, "more is no loss")
        #expect(Self.data(Array(days.dropLast())).missingCount(of: Self.data(days)) == 2)
        #expect(Self.data(Array(days.dropFirst())).missingCount(of: Self.data(days)) == 2)
    }

    /// Names to Faces' shape: the names from the key-value store, the faces (the same names) from files.
    private static func people(_ names: [String], faces: [String]? = nil) -> VisibleData {
        var data = VisibleData()
        for (observation, inFile) in [("people", false), ("faces", true)] {
            data.values[observation] = .list((inFile ? faces ?? names : names).map(ObservedValue.text))
            data.judging[observation] = VisibleData.Judging(inFile: inFile, byEntries: true, holdsData: true)
        }
        return data
    }

    /// A deleted person leaves both the names and the faces: one thing lost, not two.
    @Test func anEntryMissingFromTwoObservationsCountsOnce() {
        let people = { (names: [String]) in Self.people(names) }
        #expect(people(["Bob"]).missingCount(of: people(["Alice", "Bob"])) == 1)
        #expect(people([]).missingCount(of: people(["Alice", "Bob"])) == 2)
        var faceless = people(["Alice", "Bob"])
        faceless.values["faces"] = .list([.text("Bob")])
        #expect(faceless.missingCount(of: people(["Alice", "Bob"])) == 1)
        // Different entries of two observations are two things lost.
        faceless.values["people"] = .list([.text("Alice")])
        #expect(faceless.missingCount(of: people(["Alice", "Bob"])) == 2)
    }

    /// What the platform may be blamed for: a face gone with its person (or renamed back with them) is the
    /// key-value store's loss; a face gone while its person is listed is the app's (its picture file).
    @Test func filesAreTheSameApartFromEntriesTheKeyValueStoreChangedToo() {
        let had = Self.people(["Alice", "Bob"])
        #expect(had.sameFiles(as: Self.people(["Alice"])))
        #expect(Self.people(["Alicia", "Bob"]).sameFiles(as: Self.people(["Alice", "Bob"])))
        #expect(!had.sameFiles(as: Self.people(["Alice", "Bob"], faces: ["Alice"])))
        #expect(!had.sameFiles(as: Self.people(["Alice"], faces: [])))
        // With nothing changed in the key-value store, files must be equal as they are.
        #expect(!had.sameFiles(as: Self.people(["Alice", "Bob"], faces: ["Bob", "Alice"])))
    }

    @Test func anEntryMovedToAnotherDayIsStillThereButOutOfOrder() {
        let had = [Self.day(0, ["Squat"]), Self.day(1, ["Burpee"]), Self.day(2, ["Lunge"]), Self.day(3, ["Plank"])]
        let swapped = [had[0], had[2], had[1], had[3]]
        #expect(Self.data(swapped, ordered: true).missingCount(of: Self.data(had, ordered: true)) == 0)
        #expect(!Self.data(swapped, ordered: true).keepsOrder(of: Self.data(had, ordered: true)))
        #expect(Self.data(had + [Self.day(4, ["Squat"])], ordered: true).contains(Self.data(had, ordered: true)))
    }

    @Test func anEntryTwiceAtTheEdgesMustBeThereTwice() {
        let squat = Self.day(0, ["Squat"])
        #expect(Self.data([squat, squat, squat]).missingCount(of: Self.data([squat, squat, squat, squat])) == 1)
        #expect(Self.data([squat]).missingCount(of: Self.data([squat, Self.day(1, ["Burpee"]), squat])) == 2)
    }

    @Test func equalDataSharesTheEarlierStorageAndOtherDataKeepsItsOwn() {
        let had = Self.data([Self.day(0, ["Squat"])])
        var same = Self.data([Self.day(0, ["Squat"])])
        same.judging["history"]?.inFile = false
        #expect(same.sharingStorage(with: had).judging["history"]?.inFile == true, "the earlier copy is kept")
        let other = Self.data([Self.day(0, ["Burpee"])])
        #expect(other.sharingStorage(with: had) == other && other.sharingStorage(with: nil) == other)
    }

    /// Unicode calls a precomposed "é" and an "e" with its accent equal; a message shows their own bytes.
    @Test func dataEqualOnlyAsUnicodeKeepsItsOwnBytes() {
        let precomposed = Self.data([Self.day(0, ["Caf\u{E9}"])])
        let decomposed = Self.data([Self.day(0, ["Cafe\u{301}"])])
        #expect(precomposed == decomposed)
        guard case .list(let days)? = decomposed.sharingStorage(with: precomposed).values["history"],
            case .record(let fields)? = days.first, case .list(let names) = fields[1],
            case .text(let name)? = names.first
        else { return #expect(Bool(false), "the history is a list of days") }
        #expect(Array(name.utf8) == Array("Cafe\u{301}".utf8))
    }
}
