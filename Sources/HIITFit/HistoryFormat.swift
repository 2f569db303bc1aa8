import Foundation
import Sandbox

/// history.plist: a binary property list `[[id.uuidString, date, exercises]]`, newest day first.
enum HistoryFormat {
    static let fileName = "history.plist"

    /// The book's encoding, used by both editions (a file one writes, the other reads).
    static func encode(_ days: [ExerciseDay]) throws -> Data {
        let plistData: [[Any]] = days.map { [$0.id.uuidString, $0.date, $0.exercises] }
        return try PropertyListSerialization.data(fromPropertyList: plistData, format: .binary, options: 0)
    }

    /// The book's decoding: ids dropped, a bad date becomes now, bad exercises become
    /// empty, a root of another shape becomes an empty history, a short entry traps.
    static func bookDecode(_ data: Data, now: () -> Date, ids: inout StableIdentifiers) throws -> [ExerciseDay] {
        let plistData: Any
        do {
            plistData = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw FileError.loadFailure
        }
        let convertedPlistData = plistData as? [[Any]] ?? []
        var days: [ExerciseDay] = []
        for entry in convertedPlistData {
            let date = entry[1] as? Date ?? now()
            let exercises = entry[2] as? [String] ?? []
            days.append(ExerciseDay(id: ids.next(date: date, salt: exercises.first ?? ""), date: date, exercises: exercises))
        }
        return days
    }

    /// What the hardened edition makes of the bytes.
    enum Strict {
        /// Every entry was well formed.
        case days([ExerciseDay])
        /// Not a history: another shape, or some entries malformed (`kept` holds the good ones).
        case unreadable(kept: [ExerciseDay], problem: String)
    }

    /// The hardened decoding: keeps stored ids, and reports instead of replacing anything.
    static func strictDecode(_ data: Data, ids: inout StableIdentifiers) -> Strict {
        guard BinaryPlistCheck.isSafe(data) else { return .unreadable(kept: [], problem: "damaged binary property list") }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            return .unreadable(kept: [], problem: "not a property list")
        }
        guard let root = plist as? [Any] else { return .unreadable(kept: [], problem: "not an array of days") }
        var kept: [ExerciseDay] = []
        var malformed = 0
        for element in root {
            guard let fields = element as? [Any], fields.count >= 3,
                  let date = fields[1] as? Date, let exercises = fields[2] as? [String] else {
                malformed += 1
                continue
            }
            // An id is not user data: a missing or bad one is replaced, not reported.
            let id = (fields[0] as? String).flatMap(UUID.init(uuidString:))
                ?? ids.next(date: date, salt: exercises.first ?? "")
            kept.append(ExerciseDay(id: id, date: date, exercises: exercises))
        }
        if malformed > 0 { return .unreadable(kept: kept, problem: "\(malformed) malformed entries") }
        return .days(kept)
    }
}
