/// The app ended right after a step of the fault-free run: where an app that does no I/O during
/// the step (it saves only on backgrounding) has no operation for a fault to land on.
public struct LifecycleEvent: Sendable, Hashable, Codable {
    /// The scenario index of the step after which the app is ended.
    public var step: Int
    public var kind: Kind

    public init(step: Int, kind: Kind) {
        self.step = step
        self.kind = kind
    }

    /// How the app is ended.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case kill
        /// The user leaves the app, then the system ends it: what the app saves on backgrounding is kept.
        case backgroundThenKill = "background+kill"
        case powerLoss = "power-loss"
        /// iOS writes the app's key-value changes, as it may at any moment, then the app is killed: the key-value
        /// store is ahead of the app's files. Explored only after steps that leave such changes (see
        /// `ExplorationRecord.unflushedDefaultsAfter`).
        case defaultsFlushedThenKill = "defaults-flushed+kill"

        /// The event as scenario lines, as a reproduction writes it.
        public var scenarioLines: [String] {
            switch self {
            case .kill: ["kill"]
            case .backgroundThenKill: ["background", "kill"]
            case .powerLoss: ["power-loss"]
            case .defaultsFlushedThenKill: ["defaults flush now", "kill"]
            }
        }

        /// The fault matrix column.
        public var column: String { "\(rawValue) after step" }
    }
}

extension RunSession {
    /// Ends the app by `kind` after the step at `index`, and notes it in the model's record.
    mutating func end(by kind: LifecycleEvent.Kind, afterStep index: Int) {
        model.record.firedAtStep = index
        model.record.endedAfterStep = true
        // The process is gone: the run stops here, and the usual recovery follows.
        model.record.crashed = true
        switch kind {
        case .kill: kill()
        case .backgroundThenKill:
            background()
            kill()
        case .powerLoss: powerLoss()
        case .defaultsFlushedThenKill:
            world.writeBackDefaults()
            kill()
        }
    }
}
