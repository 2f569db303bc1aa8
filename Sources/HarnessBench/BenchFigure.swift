import Foundation
import Harness

/// One figure of `harness bench`: its value in every round, their spread, and its target.
struct BenchFigure: Sendable, Encodable {
    /// What the median must be: a figure is judged on the middle round, not on the best one.
    enum Target: Sendable, Equatable {
        case atMost(Double)
        case atLeast(Double)

        func isMet(by value: Double) -> Bool {
            switch self {
            case .atMost(let limit): return value <= limit
            case .atLeast(let limit): return value >= limit
            }
        }

        /// `<= 1.25`, `>= 50`.
        var text: String {
            switch self {
            case .atMost(let limit): return "<= \(Self.number(limit))"
            case .atLeast(let limit): return ">= \(Self.number(limit))"
            }
        }

        private static func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : "\(value)"
        }
    }

    var name: String
    /// The value measured in each round, in round order.
    var rounds: [Double]
    var spread: Spread
    var target: Target?
    /// What the value is: the cost it divides by what, or the quantity and its unit.
    var divides: String
    /// The absolute figures behind the value (medians over the rounds) and what was run.
    var detail: String

    /// Throws when a round gave no usable value (a zero denominator, say): no figure beats a wrong one.
    init(name: String, rounds: [Double], target: Target?, divides: String, detail: String) throws {
        guard let spread = Spread(rounds), rounds.allSatisfy(\.isFinite) else {
            throw BenchError("\(name): no usable value in rounds \(rounds)")
        }
        self.name = name
        self.rounds = rounds
        self.spread = spread
        self.target = target
        self.divides = divides
        self.detail = detail
    }

    /// Whether the median meets the target; nil when the figure has none.
    var met: Bool? { target?.isMet(by: spread.median) }

    private enum CodingKeys: String, CodingKey {
        case name, min, median, max, rounds, target, met, divides, detail
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(spread.min, forKey: .min)
        try container.encode(spread.median, forKey: .median)
        try container.encode(spread.max, forKey: .max)
        try container.encode(rounds, forKey: .rounds)
        // Null, not absent, for a figure with no target: every figure has the same keys.
        try container.encode(target?.text, forKey: .target)
        try container.encode(met, forKey: .met)
        try container.encode(divides, forKey: .divides)
        try container.encode(detail, forKey: .detail)
    }
}
