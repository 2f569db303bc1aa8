extension VisibleData {
    /// The entries of each observation judged entry by entry that `earlier` showed and this does not.
    func entriesRemoved(since earlier: VisibleData) -> [String: [ObservedValue]] {
        var removed: [String: [ObservedValue]] = [:]
        for (name, value) in earlier.values where earlier.judging[name]?.byEntries == true && values[name] != value {
            let (before, after) = Self.unshared(value, values[name])
            let gone = Self.missing(before, from: after)
            guard !gone.isEmpty else { continue }
            // In the order `earlier` showed them, each as often as it went.
            var left = gone
            removed[name] = before.filter { entry in
                guard let count = left[entry], count > 0 else { return false }
                left[entry] = count - 1
                return true
            }
        }
        return removed
    }

    /// The first entry of `removed` this shows more often than `state` does (the user removed it, and it is
    /// back), with its observation's name; nil when none is.
    func broughtBack(_ removed: [String: [ObservedValue]], over state: VisibleData) -> (String, ObservedValue)? {
        for name in removed.keys.sorted() {
            guard let entries = removed[name], let value = values[name], value != state.values[name] else { continue }
            let (theirs, mine) = Self.unshared(state.values[name] ?? .list([]), value)
            let extra = Self.missing(mine, from: theirs)
            if let back = entries.first(where: { extra[$0] != nil }) { return (name, back) }
        }
        return nil
    }
}

extension VisibleData {
    /// The first entry this shows more often than any of `states` does, with its observation's name: an entry no
    /// state of the run had (a name torn by a crash, a person migrated twice), which is not the user's data.
    func entryBeyond(_ states: [VisibleData]) -> (String, ObservedValue)? {
        for name in values.keys.sorted() where judging[name]?.byEntries == true {
            guard let value = values[name] else { continue }
            var most: [ObservedValue: Int] = [:]
            for state in states {
                guard let theirs = state.values[name] else { continue }
                var counts: [ObservedValue: Int] = [:]
                for entry in theirs.entries { counts[entry, default: 0] += 1 }
                most.merge(counts, uniquingKeysWith: max)
            }
            var seen: [ObservedValue: Int] = [:]
            for entry in value.entries {
                seen[entry, default: 0] += 1
                if seen[entry, default: 0] > most[entry, default: 0] { return (name, entry) }
            }
        }
        return nil
    }
}
