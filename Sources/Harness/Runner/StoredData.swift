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

    /// The declared stores that hold user data now and that some observation the oracles judge shows.
    static func holdingData(
        _ plugin: AppPlugin, world: SimulatedWorld, container: any ContainerAccess
    ) -> [StoredData] {
        plugin.stores.compactMap { store in
            let judged = plugin.observations.filter { $0.store == store.name && $0.isJudged }
            guard !judged.isEmpty else { return nil }
            switch store.location {
            case .file(let path):
                guard let data = container.fileData(path), holdsData(data) else { return nil }
                return StoredData(store: store, content: .bytes(data))
            case .defaults(let key):
                guard let value = world.persistedDefaultsValue(forKey: key), holdsData(value),
                    !judged.contains(where: { $0.callsEmpty(value) })
                else { return nil }
                return StoredData(store: store, content: .value(value))
            }
        }
    }

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

    /// Whether these bytes are still in some file of the container (or what a faulted read gave the app instead of
    /// them: a copy of what it read counts as kept, as the explorer counts it), or this value under some key.
    func isKept(world: SimulatedWorld, container: any ContainerAccess) -> Bool {
        switch content {
        case .bytes(let data):
            let given = world.faultedFiles.filter { $0.data == data }.flatMap(\.seenAs)
            return ([data] + given).contains { bytes in
                container.filePaths.contains { container.fileData($0)?.range(of: bytes) != nil }
            }
        case .value(let value):
            let preferences = world.fileData(world.preferencesPath).flatMap { try? PlistValue(propertyList: $0) }
            if case .dictionary(let stored) = preferences, stored.values.contains(value) { return true }
            guard case .defaults(let key) = store.location else { return false }
            return world.defaultsValue(forKey: key) == value
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
        return jsonContainerHoldsData(data) ?? true
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
    /// The oracles judge it: user data, not screen state or ids.
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
