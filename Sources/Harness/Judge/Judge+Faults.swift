import Sandbox

/// Faults armed for good (`every`, `from N`): what they keep from every app is the platform's to lose, not the app's
/// (docs/oracles.md, "What the platform loses").
extension Judge {
    /// The fault steps armed for good at `position`, since the last `faults clear`, whose rules `matching` accepts;
    /// with `clearedToo`, those the run armed before `position` whether cleared since or not.
    func faultsForGood(at position: Int, clearedToo: Bool = false, _ matching: (FaultRule) -> Bool) -> [Int] {
        let cleared = record.entries[..<position].lastIndex { $0.step.command == .clearFaults }
        let start = clearedToo ? 0 : cleared.map { $0 + 1 } ?? 0
        return (start..<position).filter { index in
            guard case .fault(let rule) = record.entries[index].step.command else { return false }
            if case .nth = rule.occurrence { return false }
            return matching(rule)
        }
    }

    /// The key-value store answers nothing or the wrong type for good at `position`, for `key` (nil: any key).
    func storeFailsForGood(at position: Int, key: String? = nil) -> Bool {
        !faultsForGood(at: position) { rule in
            rule.answersWrongly && key.map { rule.path.matches("defaults:" + $0) } ?? true
        }.isEmpty
    }

    /// What the app saved over what such a store could not show is the platform's loss once the user changed the data
    /// since it first did (a save the user never asked for is the app's own doing).
    var userChangedWhatTheStoreHid: Bool {
        let failures = Set(faultsForGood(at: record.entries.count, clearedToo: true) { $0.answersWrongly })
        guard let fired = record.entries.firstIndex(where: { !$0.fired.isDisjoint(with: failures) }) else {
            return false
        }
        return record.entries[fired...].contains { if case .action = $0.step.command { true } else { false } }
    }

    /// A fault armed for good that keeps stored data from the app (a read or key-value answer withheld or garbled, the
    /// Documents folder not found) is armed at `position` and has fired: no app can reach the data then.
    func dataOutOfReach(at position: Int) -> Bool {
        let armed = Set(faultsForGood(at: position) { $0.hidesData })
        guard let first = armed.min() else { return false }
        return record.entries[first...position].contains { !$0.fired.isDisjoint(with: armed) }
    }
}

extension FaultRule {
    /// The key-value store answers nothing, or a value of the wrong type.
    var answersWrongly: Bool { kind == .get && (fault == .missing || fault == .wrongType) }

    /// It keeps stored data from the app: a read or key-value answer withheld or garbled, or no Documents folder.
    var hidesData: Bool { fault == .noURL || (fault.hidesContents && (kind == .read || kind == .get)) }
}
