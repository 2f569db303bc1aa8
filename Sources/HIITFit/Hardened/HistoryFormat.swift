import Foundation
import Sandbox

/// history.plist as the hardened edition reads and writes it: a binary property list
/// `[[id.uuidString, date, exercises]]`, newest day first, as the book writes it.
public enum HistoryFormat {
    static let fileName = "history.plist"

    /// The book's encoding (each edition reads the other's files).
    static func encode(_ days: [ExerciseDay]) throws -> Data {
        let plistData: [[Any]] = days.map { [$0.id.uuidString, $0.date, $0.exercises] }
        return try PropertyListSerialization.data(fromPropertyList: plistData, format: .binary, options: 0)
    }

    /// What the hardened edition makes of the bytes.
    public enum Strict {
        /// Every entry was well formed.
        case days([ExerciseDay])
        /// Not a history: another shape, or some entries malformed (`kept` holds the good ones).
        case unreadable(kept: [ExerciseDay], problem: String)
    }

    /// The hardened decoding: keeps stored ids, shows the days newest first, and reports instead of
    /// replacing anything.
    static func strictDecode(_ data: Data, identifiers: any IdentifierSource) -> Strict {
        guard BinaryPlistCheck.isSafe(data) else {
            return .unreadable(kept: [], problem: "damaged binary property list")
        }
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
                let date = fields[1] as? Date, let exercises = fields[2] as? [String]
            else {
                malformed += 1
                continue
            }
            // An id is not user data: a missing or bad one is replaced, not reported.
            let id = (fields[0] as? String).flatMap(UUID.init(uuidString:)) ?? identifiers.next()
            kept.append(ExerciseDay(id: id, date: date, exercises: exercises))
        }
        kept = newestFirst(kept)
        if malformed > 0 { return .unreadable(kept: kept, problem: "\(malformed) malformed entries") }
        return .days(kept)
    }

    /// The days newest first, days of the same instant in their stored order (another app may have
    /// written them out of order: the history shows them in order).
    static func newestFirst(_ days: [ExerciseDay]) -> [ExerciseDay] {
        days.enumerated().sorted { ($0.element.date, $1.offset) > ($1.element.date, $0.offset) }.map(\.element)
    }
}

/// The history's bytes both ways: the book's `propertyList`, or the format a port of the hardened store keeps.
public struct HistoryCoding: Sendable {
    public let encode: @Sendable ([ExerciseDay]) throws -> Data
    /// The days newest first, or what was wrong with the bytes (see `HistoryFormat.Strict`).
    public let decode: @Sendable (Data, any IdentifierSource) -> HistoryFormat.Strict

    public init(
        encode: @escaping @Sendable ([ExerciseDay]) throws -> Data,
        decode: @escaping @Sendable (Data, any IdentifierSource) -> HistoryFormat.Strict
    ) {
        self.encode = encode
        self.decode = decode
    }

    /// The book's binary property list.
    public static let propertyList = HistoryCoding(
        encode: { try HistoryFormat.encode($0) }, decode: { HistoryFormat.strictDecode($0, identifiers: $1) })
}
