import Checklists
import ChecklistsPlugin
import Foundation
import HIITFit
import HIITFitPlugin
import Harness
import NamesToFacesPlugin

/// HIITFit and Checklists as ports whose format changed between versions: the hardened code, storing its
/// data as JSON in the same files instead of property lists, registered through the public plug-in API as
/// edition `json`. Their older versions (`book`, `hardened`) still write property lists.
enum JSONStores {
    static let plugins = [
        AppPlugin.hiitfit.adding(
            .hiitfit(name: "json", summary: "the hardened code, its history stored as JSON") {
                HardenedHIITFitApp(env: $0, coding: .json)
            }),
        AppPlugin.checklists.adding(
            .checklists(
                name: "json", summary: "the hardened code, its lists stored as JSON",
                screen: { HardenedChecklistViewController(env: $0, coder: JSONChecklistCoder()) },
                lists: { HardenedDataModel(env: $0, coder: JSONChecklistCoder()) })),
    ]

    /// The apps the port has: the scenarios of the others are not its to pass.
    static let apps = Set(plugins.map(\.name))
    /// The port's apps and the corpus's other one, so that every scenario parses and only the port's are picked.
    static let corpusPlugins = plugins + [.namesToFaces]
}

extension HistoryCoding {
    /// `[{"id": UUID, "date": ISO 8601, "exercises": [name]}]`, newest day first. What it reads is checked as
    /// the hardened edition checks its property list: the entries become the values a property list holds.
    static let json = HistoryCoding(
        encode: { days in
            let stored = days.map { day in
                ["id": day.id.uuidString, "date": Self.iso8601(day.date), "exercises": day.exercises] as [String: Any]
            }
            return try JSONSerialization.data(withJSONObject: stored, options: [.sortedKeys])
        },
        decode: { data, identifiers in
            guard let root = try? JSONSerialization.jsonObject(with: data) as? [Any] else {
                return .unreadable(kept: [], problem: "not a JSON array of days")
            }
            let entries = root.map { element -> Any in
                // An entry of another shape stays one: the hardened decoding counts it as malformed.
                guard let day = element as? [String: Any] else { return element }
                let when = (day["date"] as? String).flatMap(Self.date(iso8601:)) ?? day["date"] ?? "no date"
                return [day["id"] ?? "no id", when, day["exercises"] ?? "no exercises"]
            }
            let plist = try? PropertyListSerialization.data(fromPropertyList: entries, format: .binary, options: 0)
            guard let plist else { return .unreadable(kept: [], problem: "a value no property list holds") }
            return HistoryCoding.propertyList.decode(plist, identifiers)
        })

    private static func iso8601(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
    private static func date(iso8601 text: String) -> Date? { ISO8601DateFormatter().date(from: text) }
}

/// Checklists.plist as JSON: the same `Codable` values, dates in ISO 8601.
struct JSONChecklistCoder: ChecklistCoder {
    func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(value)
    }

    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: data)
    }
}
