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
