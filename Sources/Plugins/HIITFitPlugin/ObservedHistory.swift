import Foundation
import Harness

/// The history as the driver last showed it, built again only when the app's history differs (compared
/// whole, day by day, names byte for byte): most steps leave a long history as it was, and building it
/// was most of a look.
struct ObservedHistory {
    /// What the values were built from; empty at first, as the values are.
    private var days: [(date: Date, exercises: [String])] = []
    private var ids: [UUID] = []
    private(set) var history: ObservedValue = .list([])
    private(set) var historyIDs: ObservedValue = .list([])

    /// Shows `days` and their `ids` from now on.
    mutating func show(_ days: [(date: Date, exercises: [String])], ids: [UUID]) {
        if !days.elementsEqual(self.days, by: Self.sameDay) {
            history = .list(days.map { .record([.instant($0.date), .list($0.exercises.map(ObservedValue.text))]) })
            self.days = days
        }
        if ids != self.ids {
            historyIDs = .list(ids.map(ObservedValue.identifier))
            self.ids = ids
        }
    }

    /// The same date and the same exercise names, byte for byte (`==` takes texts Unicode calls equal).
    private static func sameDay(_ a: (date: Date, exercises: [String]), _ b: (date: Date, exercises: [String])) -> Bool
    {
        a.date == b.date && a.exercises.elementsEqual(b.exercises) { $0.utf8.elementsEqual($1.utf8) }
    }
}
