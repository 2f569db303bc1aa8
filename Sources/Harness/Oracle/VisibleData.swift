import Foundation
import Sandbox

/// The user's data as the app shows it: what must survive a fault and a relaunch. Screen state
/// (a selected tab) and alerts are left out.
public struct VisibleData: Sendable, Hashable, Codable {
    /// Each observation the judge compares, by name; one that shows an empty list is left out (an
    /// app that shows nothing shows `VisibleData()`).
    public var values: [String: ObservedValue] = [:]
    /// How each value is judged, taken from the plug-in when observed: the judge needs no plug-in.
    var judging: [String: Judging] = [:]

    struct Judging: Sendable, Hashable, Codable {
        /// The value comes from a file (not the key-value store, which the platform may fail to flush).
        var inFile: Bool
        /// Judged entry by entry (see `ObservedValue.entries`), else as one value.
        var byEntries: Bool
        /// A value judged as a whole that holds user data (one that does not need not survive).
        var holdsData: Bool
        /// Judged by entries whose relative order is the user's data too (see `Comparison.orderedEntries`).
        var ordered = false
    }

    public init() {}

    /// The judged part of what `observation` shows, with how the plug-in judges each value.
    public init(_ observation: Observation, plugin: AppPlugin) {
        self.init(observation, plan: Plan(plugin))
    }

    /// The plug-in's observations with their stores looked up: worked out once for all a run's observations.
    struct Plan {
        fileprivate let observations: [(name: String, comparison: ObservationDeclaration.Comparison, inFile: Bool)]

        init(_ plugin: AppPlugin) {
            observations = plugin.observations.map { declaration in
                let inFile = declaration.inFiles ?? plugin.store(named: declaration.store)?.isFile ?? false
                return (declaration.name, declaration.comparison, inFile)
            }
        }
    }

    /// The judged part of what `observation` shows, judged as `plan` says.
    init(_ observation: Observation, plan: Plan) {
        for (name, comparison, inFile) in plan.observations {
            guard let value = observation.values[name], value != .list([]) else { continue }
            switch comparison {
            case .screenState, .identities:
                continue
            case .entries:
                judging[name] = Judging(inFile: inFile, byEntries: true, holdsData: true)
            case .orderedEntries:
                judging[name] = Judging(inFile: inFile, byEntries: true, holdsData: true, ordered: true)
            case .whole(let holdsData):
                judging[name] = Judging(inFile: inFile, byEntries: false, holdsData: holdsData(value))
            }
            values[name] = value
        }
    }

    public static func == (a: VisibleData, b: VisibleData) -> Bool { a.values == b.values }

    /// This data, or `earlier` when it is the same byte for byte (how values are judged follows from the
    /// values): data kept once takes less memory, and comparing the two later is immediate, shared storage
    /// being equal at once.
    func sharingStorage(with earlier: VisibleData?) -> VisibleData {
        guard let earlier, earlier.values.count == values.count,
            values.allSatisfy({ name, value in earlier.values[name].map(value.isIdentical) ?? false })
        else { return self }
        return earlier
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(values) }

    /// Whether every entry of `other` is here too (in the same relative order where the order is data),
    /// and each of its whole values that holds data.
    func contains(_ other: VisibleData) -> Bool {
        containsEntries(of: other) && keepsOrder(of: other)
    }

    /// `contains`, order aside.
    func containsEntries(of other: VisibleData) -> Bool { missingCount(of: other) == 0 }

    /// How many entries of `other`, and of its whole values that hold data, are not here. An entry missing
    /// from several observations counts once: a deleted person leaves both the names and the faces.
    /// An equal observation is passed over at once.
    func missingCount(of other: VisibleData) -> Int {
        var missing: [ObservedValue: Int] = [:]
        var wholeValues = 0
        for (name, value) in other.values {
            guard let judging = other.judging[name], values[name] != value else { continue }
            if judging.byEntries {
                let (wanted, mine) = Self.unshared(value, values[name])
                missing.merge(Self.missing(wanted, from: mine), uniquingKeysWith: max)
            } else if judging.holdsData {
                wholeValues += 1
            }
        }
        return missing.values.reduce(wholeValues, +)
    }

    /// The entries of `wanted` not in `mine`, each with how often it is missing.
    static func missing(_ wanted: [ObservedValue], from mine: [ObservedValue]) -> [ObservedValue: Int] {
        var counts: [ObservedValue: Int] = [:]
        for entry in mine { counts[entry, default: 0] += 1 }
        var missing: [ObservedValue: Int] = [:]
        for entry in wanted {
            if let count = counts[entry], count > 0 {
                counts[entry] = count - 1
            } else {
                missing[entry, default: 0] += 1
            }
        }
        return missing
    }

    /// Whether the entries of each ordered observation of `other` appear here in the same relative order.
    func keepsOrder(of other: VisibleData) -> Bool {
        for (name, value) in other.values where other.judging[name]?.ordered == true && values[name] != value {
            let (entries, mine) = Self.unshared(value, values[name])
            var wanted = entries[...]
            for entry in mine where entry == wanted.first { wanted.removeFirst() }
            if !wanted.isEmpty { return false }
        }
        return true
    }

    /// The entries of `wanted` and of `mine` once the elements two lists begin and end with alike are set
    /// aside: they hold the same entries, so what is missing and whether the order is kept do not change,
    /// and a long history that differs in a day is not taken apart whole at every judgement.
    static func unshared(
        _ wanted: ObservedValue, _ mine: ObservedValue?
    ) -> (wanted: [ObservedValue], mine: [ObservedValue]) {
        guard case .list(let wantedElements) = wanted, case .list(let mineElements)? = mine else {
            return (wanted.entries, mine?.entries ?? [])
        }
        var (wantedRest, mineRest) = (wantedElements[...], mineElements[...])
        while let first = wantedRest.first, first == mineRest.first {
            wantedRest.removeFirst()
            mineRest.removeFirst()
        }
        while let last = wantedRest.last, last == mineRest.last {
            wantedRest.removeLast()
            mineRest.removeLast()
        }
        return (wantedRest.flatMap(\.entries), mineRest.flatMap(\.entries))
    }

    /// Equal apart from what lives in the key-value store: a value from files may differ only in entries
    /// that the key-value values gained or lost too (a person the store forgot, or showed renamed back,
    /// takes their face along).
    func sameFiles(as other: VisibleData) -> Bool {
        let (mine, theirs) = (inFiles, other.inFiles)
        if mine == theirs { return true }
        var changed: Set<ObservedValue> = []
        for name in Set(values.keys).union(other.values.keys) where !isInFile(name) && !other.isInFile(name) {
            let (a, b) = (values[name]?.entries ?? [], other.values[name]?.entries ?? [])
            changed.formUnion(Self.missing(a, from: b).keys)
            changed.formUnion(Self.missing(b, from: a).keys)
        }
        guard !changed.isEmpty else { return false }
        return Set(mine.keys).union(theirs.keys).allSatisfy { name in
            guard mine[name] != theirs[name] else { return true }
            let (a, b) = (mine[name]?.entries ?? [], theirs[name]?.entries ?? [])
            // Only a value that holds a changed entry is compared without those entries.
            guard a.contains(where: changed.contains) || b.contains(where: changed.contains) else { return false }
            return a.filter { !changed.contains($0) } == b.filter { !changed.contains($0) }
        }
    }

    func isInFile(_ name: String) -> Bool { judging[name]?.inFile == true }

    private var inFiles: [String: ObservedValue] { values.filter { isInFile($0.key) } }
}

extension AppPlugin {
    /// Scenario lines that expect exactly `data`, days named in `calendar` (an observation the data
    /// leaves out is an empty list).
    func expectations(for data: VisibleData, calendar: Calendar) -> [String] {
        checkLines(values: data.values, screenState: false, calendar: calendar)
    }
}
