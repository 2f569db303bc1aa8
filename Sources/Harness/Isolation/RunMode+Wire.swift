import Sandbox

/// A run's mode as words of a job line: `scripted`, or `exploring`, the number of faults, four words a
/// fault (`write Documents/a.plist nth:2 partial:12:power-loss`) and the lifecycle event (`3:kill`, or `-`).
extension RunMode {
    var wireWords: [String] {
        switch self {
        case .scripted: return ["scripted"]
        case .exploring(let faults, let lifecycle):
            return ["exploring", String(faults.count)] + faults.flatMap(\.wireWords)
                + [lifecycle.map { "\($0.step):\($0.kind.rawValue)" } ?? "-"]
        }
    }

    /// Reads the words `wireWords` wrote; nil when they are not.
    init?(wire words: inout WireWords) {
        switch words.word() {
        case "scripted": self = .scripted
        case "exploring":
            guard let count = words.number(Int.self), count >= 0 else { return nil }
            var faults: [FaultRule] = []
            for _ in 0..<count {
                guard let rule = FaultRule(wire: &words) else { return nil }
                faults.append(rule)
            }
            guard let event = words.word() else { return nil }
            guard event != "-" else {
                self = .exploring(faults: faults, lifecycle: nil)
                return
            }
            let parts = event.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let step = Int(parts[0]), let kind = LifecycleEvent.Kind(rawValue: String(parts[1]))
            else { return nil }
            self = .exploring(faults: faults, lifecycle: LifecycleEvent(step: step, kind: kind))
        default: return nil
        }
    }
}

extension FaultRule {
    /// Its operation, path, occurrence and fault, the last two in a `fault` line's words joined by `:` (`nth:2`,
    /// `partial:12:error`).
    var wireWords: [String] {
        [
            kind.rawValue, WireWords.escaped(path.text), FaultSyntax.words(of: occurrence).joined(separator: ":"),
            fault.words.joined(separator: ":"),
        ]
    }

    init?(wire words: inout WireWords) {
        guard let kind = words.word().flatMap({ OperationKind(rawValue: String($0)) }), let path = words.text(),
            let occurrenceWords = words.word()?.split(separator: ":", omittingEmptySubsequences: false),
            occurrenceWords.count <= 2,
            let occurrence = FaultSyntax.occurrence(
                occurrenceWords[0], count: occurrenceWords.count == 2 ? Int(occurrenceWords[1]) ?? 0 : nil),
            let faultWords = words.word()?.split(separator: ":", omittingEmptySubsequences: false),
            let fault = Fault(words: faultWords)
        else { return nil }
        self.init(kind: kind, path: PathPattern(path), occurrence: occurrence, fault: fault)
    }
}
