import Foundation
import Harness
import Testing

@testable import HIITFitPlugin

/// The driver builds the history it shows only when the app's history changed: a changed day, a day
/// more or less, or a new id is shown at the next look, and a history put back is shown as it is.
@Suite struct ObservedHistoryTests {
    private static let monday = Date(timeIntervalSince1970: 1_772_000_000)
    private static let tuesday = monday.addingTimeInterval(86_400)

    private static func value(_ days: [(date: Date, exercises: [String])]) -> ObservedValue {
        .list(days.map { .record([.instant($0.date), .list($0.exercises.map(ObservedValue.text))]) })
    }

    @Test func aChangedHistoryIsShownAtTheNextLook() {
        var shown = ObservedHistory()
        let ids = [UUID(), UUID()]
        let first: [(date: Date, exercises: [String])] = [(Self.tuesday, ["Squat"]), (Self.monday, ["Burpee"])]
        shown.show(first, ids: ids)
        #expect(shown.history == Self.value(first))
        #expect(shown.historyIDs == .list(ids.map { .text($0.uuidString) }))
        let changed: [(date: Date, exercises: [String])] = [
            (Self.tuesday, ["Squat", "Lunge"]), (Self.monday, ["Burpee"]),
        ]
        shown.show(changed, ids: ids)
        #expect(shown.history == Self.value(changed), "an exercise more on a day")
        let moved: [(date: Date, exercises: [String])] = [
            (Self.monday, ["Squat", "Lunge"]), (Self.monday, ["Burpee"]),
        ]
        shown.show(moved, ids: ids)
        #expect(shown.history == Self.value(moved), "a day's date changed")
        shown.show(Array(moved.prefix(1)), ids: Array(ids.prefix(1)))
        #expect(
            shown.history == Self.value(Array(moved.prefix(1))) && shown.historyIDs == .list([.text(ids[0].uuidString)])
        )
        let newID = UUID()
        shown.show(Array(moved.prefix(1)), ids: [newID])
        #expect(shown.historyIDs == .list([.text(newID.uuidString)]), "same days, a new id")
        shown.show([], ids: [])
        #expect(shown.history == .list([]) && shown.historyIDs == .list([]))
        shown.show(first, ids: ids)
        #expect(shown.history == Self.value(first))
    }

    /// An exercise renamed to the same name as Unicode sees it, other bytes: shown with its new bytes.
    @Test func aNameWithOtherBytesIsShownWithThem() {
        var shown = ObservedHistory()
        shown.show([(Self.monday, ["Caf\u{E9}"])], ids: [])
        shown.show([(Self.monday, ["Cafe\u{301}"])], ids: [])
        guard case .list(let days) = shown.history, case .record(let fields)? = days.first,
            case .list(let names) = fields[1], case .text(let name)? = names.first
        else { return #expect(Bool(false), "the history is a list of days") }
        #expect(Array(name.utf8) == Array("Cafe\u{301}".utf8))
    }
}
