import Foundation
import Harness
import Sandbox

/// HIITFit's own serialization of its history: the work the overhead figure divides by. The one
/// file of the bench that knows the app's file, its format and how often a run reads and writes it;
/// it makes the calls HistoryFormat makes (bytes to the app's days and back) without linking the app.
enum AppSerialization {
    static let historyFile = "Documents/history.plist"

    /// How many times runs decode and encode the history.
    struct Calls: Equatable {
        var decodes = 0
        var encodes = 0

        static func + (left: Calls, right: Calls) -> Calls {
            Calls(decodes: left.decodes + right.decodes, encodes: left.encodes + right.encodes)
        }
    }

    /// Counted from a run's operation log: every write of the history file is a save that encoded
    /// the days just before, and the hardened edition decodes once two reads of the file in one
    /// launch agree (`FileSystem.confirmedContents`): two clean reads, or two given the same bytes
    /// of another shape (a corrupted read never agrees with another).
    static func calls(in operations: [OperationRecord]) -> Calls {
        var encodes = 0
        var agreeingReads: [String: Int] = [:]
        for operation in operations where !operation.platform && (operation.target ?? operation.path) == historyFile {
            if operation.kind == .write { encodes += 1 }
            if operation.kind == .read && (operation.result == "ok" || operation.result == "wrong type (fault)") {
                agreeingReads["\(operation.process) \(operation.result)", default: 0] += 1
            }
        }
        return Calls(decodes: agreeingReads.values.reduce(0) { $0 + $1 / 2 }, encodes: encodes)
    }

    /// A history as the app holds it (`ExerciseDay`s), and the bytes of its file.
    struct History {
        struct Day {
            let id: UUID
            let date: Date
            let exercises: [String]
        }

        let days: [Day]
        let file: Data

        /// From an XML property list, stored as binary (as a scenario's fixture is).
        init(xml: String) throws {
            let plist = try PropertyListSerialization.propertyList(from: Data(xml.utf8), options: [], format: nil)
            self.file = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
            self.days = try Self.decode(file)
        }

        /// The file's bytes to the app's days, with the calls `HistoryFormat.strictDecode` makes: the
        /// check that the bytes are safe to parse, the parse, each entry's fields and id, newest first.
        static func decode(_ file: Data) throws -> [Day] {
            guard BinaryPlistCheck.isSafe(file) else { throw BenchError("the generated history is not safe to parse") }
            let plist = try PropertyListSerialization.propertyList(from: file, options: [], format: nil)
            guard let entries = plist as? [Any] else { throw BenchError("the generated history is not an array") }
            let days = try entries.map { entry in
                guard let fields = entry as? [Any], fields.count >= 3,
                    let date = fields[1] as? Date, let exercises = fields[2] as? [String],
                    let id = (fields[0] as? String).flatMap(UUID.init(uuidString:))
                else {
                    throw BenchError("the generated history has an entry of another shape")
                }
                return Day(id: id, date: date, exercises: exercises)
            }
            let newestFirst = days.enumerated().sorted { ($0.element.date, $1.offset) > ($1.element.date, $0.offset) }
            return newestFirst.map(\.element)
        }

        /// Decodes the file and encodes the days as many times as `calls` says, with the
        /// calls HistoryFormat makes.
        func serialize(_ calls: Calls) throws {
            for _ in 0..<calls.decodes { _ = try Self.decode(file) }
            for _ in 0..<calls.encodes {
                let plistData: [[Any]] = days.map { [$0.id.uuidString, $0.date, $0.exercises] }
                _ = try PropertyListSerialization.data(fromPropertyList: plistData, format: .binary, options: 0)
            }
        }
    }
}
