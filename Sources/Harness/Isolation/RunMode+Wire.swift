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
    var wireWords: [String] {
        let occurrence =
            switch self.occurrence {
            case .nth(let n): "nth:\(n)"
            case .from(let n): "from:\(n)"
            case .every: "every"
            }
        return [kind.rawValue, WireWords.escaped(path.text), occurrence, fault.wireWord]
    }

    init?(wire words: inout WireWords) {
        guard let kind = words.word().flatMap({ OperationKind(rawValue: String($0)) }), let path = words.text(),
            let occurrenceWord = words.word(), let fault = words.word().flatMap(Fault.init(wireWord:))
        else { return nil }
        let parts = occurrenceWord.split(separator: ":", omittingEmptySubsequences: false)
        let occurrence: Occurrence
        switch (parts[0], parts.count, parts.count == 2 ? Int(parts[1]) : nil) {
        case ("every", 1, _): occurrence = .every
        case ("nth", 2, let n?): occurrence = .nth(n)
        case ("from", 2, let n?): occurrence = .from(n)
        default: return nil
        }
        self.init(kind: kind, path: PathPattern(path), occurrence: occurrence, fault: fault)
    }
}

extension Fault {
    /// `disk-full`, `crash-after:power-loss`, `partial:12:error`: one word, no space.
    var wireWord: String {
        switch self {
        case .missing: "missing"
        case .noURL: "no-url"
        case .wrongType: "wrong-type"
        case .diskFull: "disk-full"
        case .permissionDenied: "permission"
        case .ioError: "io-error"
        case .corruptRead: "corrupt"
        case .crashBefore(let kind): "crash-before:\(kind.rawValue)"
        case .crashAfter(let kind): "crash-after:\(kind.rawValue)"
        case .crashAfterFlush(let kind): "crash-after-flush:\(kind.rawValue)"
        case .partialWrite(let bytes, .error): "partial:\(bytes):error"
        case .partialWrite(let bytes, .crash(let kind)): "partial:\(bytes):\(kind.rawValue)"
        }
    }

    init?(wireWord: Substring) {
        let parts = wireWord.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        switch (parts[0], parts.count) {
        case ("missing", 1): self = .missing
        case ("no-url", 1): self = .noURL
        case ("wrong-type", 1): self = .wrongType
        case ("disk-full", 1): self = .diskFull
        case ("permission", 1): self = .permissionDenied
        case ("io-error", 1): self = .ioError
        case ("corrupt", 1): self = .corruptRead
        case ("crash-before", 2), ("crash-after", 2), ("crash-after-flush", 2):
            guard let kind = CrashKind(rawValue: parts[1]) else { return nil }
            switch parts[0] {
            case "crash-before": self = .crashBefore(kind)
            case "crash-after": self = .crashAfter(kind)
            default: self = .crashAfterFlush(kind)
            }
        case ("partial", 3):
            guard let bytes = Int(parts[1]) else { return nil }
            if parts[2] == "error" {
                self = .partialWrite(bytes: bytes, then: .error)
            } else {
                guard let kind = CrashKind(rawValue: parts[2]) else { return nil }
                self = .partialWrite(bytes: bytes, then: .crash(kind))
            }
        default: return nil
        }
    }
}
