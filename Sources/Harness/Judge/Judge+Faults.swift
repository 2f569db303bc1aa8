import Sandbox

/// Faults armed for good (`every`, `from N`): what they keep from every app is the platform's to lose, not the app's
/// (docs/oracles.md, "What the platform loses").
extension Judge {
    /// A fault armed for good: where, until when, and where it first fired. Kept as the steps come, so that no
    /// question about faults looks through the whole record (a long run would grow quadratic).
    struct FaultForGood {
        var rule: FaultRule
        var armedAt: Int
        /// The `faults clear` that disarmed it.
        var clearedAt: Int?
        var firstFired: Int?

        /// Armed at `position`, and not cleared by then.
        func isArmed(at position: Int) -> Bool { armedAt < position && clearedAt.map { $0 >= position } ?? true }
    }

    /// Notes the faults for good `entry`, at `position`, arms, clears or fires.
    mutating func noteFaults(of entry: RunRecord.Entry, at position: Int) {
        switch entry.step.command {
        case .fault(let rule):
            if case .nth = rule.occurrence { break }
            faultsForGood.append(FaultForGood(rule: rule, armedAt: position))
        case .clearFaults:
            for index in faultsForGood.indices where faultsForGood[index].clearedAt == nil {
                faultsForGood[index].clearedAt = position
            }
        default:
            break
        }
        for index in faultsForGood.indices
        where faultsForGood[index].firstFired == nil && entry.fired.contains(faultsForGood[index].armedAt) {
            faultsForGood[index].firstFired = position
        }
        if case .action = entry.step.command,
            faultsForGood.contains(where: { $0.rule.answersWrongly && $0.firstFired != nil })
        {
            userChangedWhatTheStoreHid = true
        }
    }

    /// The key-value store answers nothing or the wrong type for good at `position`, for `key` (nil: any key).
    func storeFailsForGood(at position: Int, key: String? = nil) -> Bool {
        faultsForGood.contains { fault in
            fault.isArmed(at: position) && fault.rule.answersWrongly
                && key.map { fault.rule.path.matches("defaults:" + $0) } ?? true
        }
    }

    /// A fault armed for good that keeps stored data from the app (a read or key-value answer withheld or garbled, the
    /// Documents folder not found) is armed at `position` and has fired: no app can reach the data then.
    func dataOutOfReach(at position: Int) -> Bool {
        faultsForGood.contains { fault in
            fault.isArmed(at: position) && fault.rule.hidesData && fault.firstFired.map { $0 <= position } ?? false
        }
    }
}

extension FaultRule {
    /// The key-value store answers nothing, or a value of the wrong type.
    var answersWrongly: Bool { kind == .get && (fault == .missing || fault == .wrongType) }

    /// It keeps stored data from the app: a read or key-value answer withheld or garbled, or no Documents folder.
    var hidesData: Bool { fault == .noURL || (fault.hidesContents && (kind == .read || kind == .get)) }
}
