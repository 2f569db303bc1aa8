import Foundation
import Sandbox

/// An instant given as wall-clock time in a time zone: `instant("2026-03-01 08:00", "Europe/London")`.
func instant(_ text: String, _ zone: String = "UTC") -> Date {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: zone)
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.date(from: text)!
}

/// A binary property list of `object`.
func binaryPlist(_ object: Any) -> Data {
    try! PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
}

/// What a stored file parses to, or nil.
func parsedPlist(_ data: Data?) -> Any? {
    guard let data else { return nil }
    return try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
}

let historyPath = "Documents/history.plist"

/// A history.plist as the book writes it: `[[id, date, exercises]]`, newest first.
func historyFile(_ days: [(id: String, date: Date, exercises: [String])]) -> Data {
    binaryPlist(days.map { [$0.id, $0.date, $0.exercises] as [Any] })
}

extension FaultRule {
    static func on(
        _ kind: OperationKind, _ path: String, _ fault: Fault,
        _ occurrence: Occurrence = .nth(1)
    ) -> FaultRule {
        FaultRule(kind: kind, path: PathPattern(path), occurrence: occurrence, fault: fault)
    }
}
