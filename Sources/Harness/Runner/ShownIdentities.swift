/// What `expect ids kept` compares: the ids the app's `.identities` observations showed at the last step
/// the app was running before the current process was launched, and what they show now.
struct ShownIdentities {
    /// The plug-in's `.identities` observations; empty when no step of the scenario asks about ids, so a
    /// run that does not need them observes nothing more.
    let observations: [String]
    /// Each observation's ids after the last step at which the app was running.
    private var latest: [String: [ObservedValue]]?
    /// `latest` when the running process was launched: what the previous processes showed last.
    private(set) var beforeThisProcess: [String: [ObservedValue]]?

    init(scenario: Scenario) {
        let asked = scenario.steps.contains { step in
            if case .expect(.idsKept) = step.command { return true }
            return false
        }
        observations = asked ? scenario.plugin.observations.filter(\.showsIdentities).map(\.name) : []
    }

    var isTracking: Bool { !observations.isEmpty }

    /// A new process starts: what the app showed so far is what it must keep.
    mutating func processLaunched() { beforeThisProcess = latest }

    /// The app shows `observation` after a step.
    mutating func record(_ observation: Observation) {
        latest = ids(in: observation)
    }

    /// Each tracked observation's ids in `observation`.
    func ids(in observation: Observation) -> [String: [ObservedValue]] {
        Dictionary(uniqueKeysWithValues: observations.map { ($0, observation.values[$0]?.entries ?? []) })
    }

    /// Whether every id shown before this process is in `now`; found names the missing and new ones.
    /// Not evaluated when no earlier process showed anything, or the app does not show its ids now (a
    /// variant without them): there is nothing to compare, and an empty comparison would always hold.
    func comparison(with now: Observation) -> (holds: Bool, found: String, evaluated: Bool) {
        guard let before = beforeThisProcess else {
            return (
                false,
                "no earlier process showed ids: this is the app's first launch, or each earlier one died in its launch",
                false
            )
        }
        let unreported = observations.filter { now.values[$0] == nil }
        guard unreported.isEmpty else {
            let names = unreported.map { "'\($0)'" }.joined(separator: ", ")
            return (false, "the app shows no ids here: its driver reports no \(names)", false)
        }
        let current = ids(in: now)
        var holds = true
        var parts: [String] = []
        for name in observations {
            let shown = Set(current[name] ?? [])
            let earlier = before[name] ?? []
            let missing = earlier.filter { !shown.contains($0) }
            let new = (current[name] ?? []).filter { !Set(earlier).contains($0) }
            if !missing.isEmpty { holds = false }
            let summary =
                missing.isEmpty && new.isEmpty
                ? "all \(earlier.count) kept"
                : [("missing", missing), ("new", new)].filter { !$0.1.isEmpty }
                    .map { "\($0.0): \(Self.few($0.1))" }.joined(separator: "; ")
            parts.append(observations.count == 1 ? summary : "\(name) \(summary)")
        }
        return (holds, parts.joined(separator: "; "), true)
    }

    /// At most three ids, then how many more.
    private static func few(_ ids: [ObservedValue]) -> String {
        let shown = ids.prefix(3).map(text).joined(separator: ", ")
        return ids.count > 3 ? shown + " and \(ids.count - 3) more" : shown
    }

    private static func text(_ id: ObservedValue) -> String {
        switch id {
        case .text(let text): return text
        case .integer(let number): return String(number)
        default: return String(describing: id)
        }
    }
}
