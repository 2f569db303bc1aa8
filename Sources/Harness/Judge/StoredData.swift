import Foundation
import Sandbox

/// What one declared store held when a launch began: the bytes of a file store, the value of a key.
struct StoredData: Equatable {
    enum Content: Equatable {
        case bytes(Data)
        case value(PlistValue)
    }

    var store: AppStore
    var content: Content

    /// Whether the app shows anything of this store in `shown`.
    func isShown(in shown: VisibleData, plugin: AppPlugin) -> Bool {
        plugin.observations.contains { declaration in
            guard declaration.store == store.name, shown.values[declaration.name] != nil,
                let judging = shown.judging[declaration.name]
            else { return false }
            return judging.byEntries || judging.holdsData
        }
    }

    /// Whether `later` shows everything of this store that `earlier` showed (every entry, every whole value
    /// that holds data); when `earlier` showed nothing of it, whether `later` shows anything of it.
    func isShown(_ earlier: VisibleData, in later: VisibleData, plugin: AppPlugin) -> Bool {
        guard isShown(in: earlier, plugin: plugin) else { return isShown(in: later, plugin: plugin) }
        return plugin.observations.allSatisfy { declaration in
            guard declaration.store == store.name, let value = earlier.values[declaration.name],
                let judging = earlier.judging[declaration.name], later.values[declaration.name] != value
            else { return true }
            if judging.byEntries {
                let (wanted, mine) = VisibleData.unshared(value, later.values[declaration.name])
                return VisibleData.missing(wanted, from: mine).isEmpty
            }
            return !judging.holdsData
        }
    }

    /// Generic: not empty, and not an empty array or dictionary when it parses as a property list or JSON.
    static func holdsData(_ data: Data) -> Bool {
        guard !data.isEmpty else { return false }
        // No empty list or dictionary takes this many bytes: a large history is not parsed at every launch.
        if data.count > 1024 { return true }
        // A launch mostly finds bytes an earlier launch found: parsing them again was most of the model's cost.
        return parsedHoldsData.value(for: data, compute: parsesHoldingData)
    }

    /// What `holdsData` found in the small files it parsed, by their bytes (at most 1 KB each).
    private static let parsedHoldsData = BoundedCache<Data, Bool>(capacity: 256, maxCost: 1024) { data, _ in
        data.count
    }

    private static func parsesHoldingData(_ data: Data) -> Bool {
        if let value = try? PlistValue(propertyList: data) { return holdsData(value) }
        return keyedArchiveHoldsData(data) ?? jsonContainerHoldsData(data) ?? true
    }

    /// Whether `data`, when it is an `NSKeyedArchiver` archive, holds more than empty arrays, sets or dictionaries
    /// (`NS.objects`, `NS.keys`); nil when it is no keyed archive.
    private static func keyedArchiveHoldsData(_ data: Data) -> Bool? {
        guard let root = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
            root["$archiver"] as? String == "NSKeyedArchiver", let objects = root["$objects"] as? [Any]
        else { return nil }
        return objects.contains { object in
            if object as? String == "$null" { return false }
            guard let fields = object as? [String: Any] else { return true }
            // A class description, or a collection with no members.
            if fields["$classname"] != nil { return false }
            let members = ["NS.objects", "NS.keys"].compactMap { fields[$0] as? [Any] }
            return members.isEmpty || members.contains { !$0.isEmpty }
        }
    }

    /// Whether `data`, when it is a JSON array or object, holds anything; nil when it is not one.
    private static func jsonContainerHoldsData(_ data: Data) -> Bool? {
        switch try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
        case let array as [Any]: return !array.isEmpty
        case let dictionary as [String: Any]: return !dictionary.isEmpty
        default: return nil
        }
    }

    static func holdsData(_ value: PlistValue) -> Bool {
        switch value {
        // A text that is JSON (a port that keeps its data as a JSON string under a key) holds what the JSON holds.
        case .string(let text): return jsonContainerHoldsData(Data(text.utf8)) ?? !text.isEmpty
        case .data(let data): return holdsData(data)
        case .array(let values): return !values.isEmpty
        case .dictionary(let values): return !values.isEmpty
        default: return true
        }
    }
}

extension ObservationDeclaration {
    /// The judge compares it: user data, not screen state or ids.
    var isJudged: Bool {
        switch comparison {
        case .entries, .orderedEntries, .whole: return true
        case .screenState, .identities: return false
        }
    }

    /// A stored text this observation itself calls empty (HIITFit's ratings "0000": nothing rated).
    func callsEmpty(_ value: PlistValue) -> Bool {
        guard case .whole(let holdsData) = comparison, case .string(let text) = value else { return false }
        return !holdsData(.text(text))
    }
}
