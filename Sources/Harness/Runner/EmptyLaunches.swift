/// What each launched code shows in an empty container, worked out once per run.
final class EmptyLaunches {
    private var states: [String: VisibleData?] = [:]

    func state(of code: InstalledCode, compute: () -> VisibleData?) -> VisibleData? {
        if let known = states[code.label] { return known }
        let state = compute()
        states[code.label] = state
        return state
    }
}
