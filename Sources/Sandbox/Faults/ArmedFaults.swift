/// The fault rules armed in a world, with how often each has selected and fired, indexed so
/// that an operation looks only at the rules that can still fire on it.
///
/// A rule without `*` is found by its path; an `nth` rule past its occurrence can never
/// fire again and is dropped from the index. What is left to look at per operation is the
/// literal rules for its path and the wildcard rules of its kind.
struct ArmedFaults: Sendable {
    private struct Armed: Sendable {
        var rule: FaultRule
        /// Whether its fault applies to its operation kind (if not, it never selects anything).
        var applies: Bool
        var seen = 0
        var fired = 0

        var spent: Bool {
            if case .nth(let n) = rule.occurrence { return seen >= n }
            return false
        }
    }

    private var rules: [Armed] = []
    /// Indexes into `rules` of the rules without `*`, by kind and path.
    private var literal: [OperationKind: [String: [Int]]] = [:]
    /// Indexes into `rules` of the rules with a `*`, by kind.
    private var wildcard: [OperationKind: [Int]] = [:]
    /// Rules looked at so far, over every operation (the cost the index keeps down).
    private(set) var examined = 0

    /// How many times each rule has fired, in arming order.
    var firedCounts: [Int] { rules.map(\.fired) }

    /// Whether a rule that can still fire would end the process inside a call.
    var mayKill: Bool {
        rules.contains { !$0.spent && $0.applies && $0.rule.fault.killsTheProcess }
    }

    /// Whether any of the first `count` rules has fired.
    func anyFired(amongFirst count: Int) -> Bool { rules.prefix(count).contains { $0.fired > 0 } }

    mutating func arm(_ rule: FaultRule) {
        let index = rules.count
        let applies = rule.fault.applies(to: rule.kind)
        rules.append(Armed(rule: rule, applies: applies))
        guard applies else { return }
        if rule.path.isLiteral {
            literal[rule.kind, default: [:]][rule.path.text, default: []].append(index)
        } else {
            wildcard[rule.kind, default: []].append(index)
        }
    }

    mutating func disarmAll() {
        rules = []
        literal = [:]
        wildcard = [:]
    }

    /// The first armed fault that selects this operation, counting it for every rule that selects it.
    mutating func firing(kind: OperationKind, path: String, target: String?) -> Fault? {
        var selecting = literal[kind]?[path] ?? []
        if let target, target != path { selecting += literal[kind]?[target] ?? [] }
        for index in wildcard[kind] ?? [] {
            examined += 1
            let pattern = rules[index].rule.path
            if pattern.matches(target ?? path) || pattern.matches(path) { selecting.append(index) }
        }
        var chosen: Int?
        var spent = false
        for index in selecting {
            examined += 1
            rules[index].seen += 1
            let seen = rules[index].seen
            let fires: Bool
            switch rules[index].rule.occurrence {
            case .every: fires = true
            case .nth(let n): fires = seen == n
            case .from(let n): fires = seen >= n
            }
            if fires, chosen.map({ index < $0 }) ?? true { chosen = index }
            spent = spent || rules[index].spent
        }
        if spent { dropSpent(kind: kind, paths: [path, target ?? path]) }
        guard let chosen else { return nil }
        rules[chosen].fired += 1
        return rules[chosen].rule.fault
    }

    private mutating func dropSpent(kind: OperationKind, paths: [String]) {
        let rules = self.rules
        for path in Set(paths) { literal[kind]?[path]?.removeAll { rules[$0].spent } }
        wildcard[kind]?.removeAll { rules[$0].spent }
    }
}
