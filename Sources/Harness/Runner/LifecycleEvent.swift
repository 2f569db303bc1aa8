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
        public var scenarioLines: [String] { commands.map(\.text) }

        /// The fault matrix column.
        public var column: String { "\(rawValue) after step" }
    }
}

extension LifecycleEvent.Kind {
    /// The event as the steps that carry it out, with their text.
    var commands: [(command: Command, text: String)] {
        switch self {
        case .kill: [(.kill, "kill")]
        case .backgroundThenKill: [(.background, "background"), (.kill, "kill")]
        case .powerLoss: [(.powerLoss(dropUnsynced: false), "power-loss")]
        case .defaultsFlushedThenKill: [(.flushDefaultsNow, "defaults flush now"), (.kill, "kill")]
        }
    }
}
