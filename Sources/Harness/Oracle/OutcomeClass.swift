/// The oracles' verdict on one run: an explored one, or a scripted one (see `RunResult.verdict`).
public enum OutcomeClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every acknowledged change survived; nothing to tell the user.
    case passed
    /// Something failed and the user was told (an alert), and nothing acknowledged was lost.
    case alerted
    /// An acknowledged change is missing after the relaunch.
    case dataLoss
    /// A file the app could not read was replaced, and its bytes are nowhere in the container.
    case silentOverwrite
    /// The app trapped by itself (index out of range, fatalError, force unwrap).
    case trap
    /// Key-value changes the platform had not flushed died with the process.
    case platformLoss
    /// The app never returned: two fresh workers were still running it at the deadline.
    case hang
    /// The harness could not carry the run out (no worker would start, a worker was killed from
    /// outside, twice): no verdict on the app, and never counted as passed.
    case harnessError

    /// Classes that are failures of the app under test.
    public var isFailure: Bool { self == .dataLoss || self == .silentOverwrite || self == .trap || self == .hang }

    /// Least to most severe: a harness error tops it, so a run or cell it touched never looks green.
    public static let severity: [OutcomeClass] = [
        .passed, .alerted, .platformLoss, .dataLoss, .silentOverwrite, .trap, .hang, .harnessError,
    ]

    /// The more severe of the two: what a run is called when it found both.
    public func worse(_ other: OutcomeClass) -> OutcomeClass { other.rank > rank ? other : self }

    var rank: Int { Self.severity.firstIndex(of: self) ?? 0 }
}
