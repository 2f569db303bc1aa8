import Foundation
import Sandbox

/// The judgement every relaunch gets (docs/oracles.md): what the app shows, held to the states it is allowed to show.
enum Judgement {
    /// The judgement of what a relaunched app shows: one of the `allowed` states (more is
    /// no loss, unless it is an entry the user `removed`); else a loss, the platform's when only key-value data
    /// differs and it lost some.
    static func judge(
        _ shown: VisibleData, allowed: [VisibleData], removed: @autoclosure () -> [String: [ObservedValue]],
        told: Bool, platform: Bool
    ) -> OutcomeClass {
        var removals: [String: [ObservedValue]]?
        let keeps = { (state: VisibleData) -> Bool in
            guard shown.contains(state) else { return false }
            // Showing exactly the state brings nothing back: the removals are worked out only for more.
            if shown == state { return true }
            if removals == nil { removals = removed() }
            return shown.broughtBack(removals ?? [:], over: state) == nil
        }
        if allowed.contains(where: keeps) {
            return told ? .alerted : .passed
        }
        if platform && allowed.contains(where: { $0.sameFiles(as: shown) }) { return .platformLoss }
        return .dataLoss
    }

    /// The judgement of a relaunch that shows more than a state it is `allowed`: no loss when that is data the run
    /// has `seen`, or that `elsewhere` says a relaunch with no fault shows (stored data the scenario's own faults
    /// kept out of sight, what a first launch makes), asked for only when needed; else an entry that is not the
    /// user's (a name torn by a crash, a person migrated twice): the platform's loss only for key-value data when
    /// the platform lost a flush or its own file was hit, as an entry in the app's files the app made itself. nil:
    /// nothing beyond, or nowhere else to look.
    static func judgeBeyond(
        _ shown: VisibleData, allowed: [VisibleData], seen: @autoclosure () -> [VisibleData], platform: Bool,
        elsewhere: () -> [VisibleData]?
    ) -> OutcomeClass? {
        // Most relaunches show a state exactly: what the run saw is gathered only for one that shows more.
        guard !allowed.contains(shown) else { return nil }
        let seen = seen()
        guard shown.entryBeyond(seen) != nil, let more = elsewhere(),
            let (name, _) = shown.entryBeyond(seen + more)
        else { return nil }
        return platform && !shown.isInFile(name) ? .platformLoss : .dataLoss
    }
}
