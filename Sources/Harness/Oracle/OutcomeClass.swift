/// The class of one run's verdict, scripted or explored (see `RunResult.verdict`): docs/oracles.md defines each.
public enum OutcomeClass: String, Sendable, Hashable, Codable, CaseIterable {
    case passed
    case alerted
    case dataLoss
    case silentOverwrite
    case trap
    case platformLoss
    case hang
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
