/// One measured figure with its target.
public struct BenchFigure: Sendable, Codable {
    public var name: String
    public var value: Double
    /// The target as text: `<= 1.25`, `>= 50`, `< 200`.
    public var target: String
    public var met: Bool
    /// What the value measures, with its unit.
    public var detail: String

    static func atMost(_ name: String, _ value: Double, _ limit: Double, _ detail: String) -> BenchFigure {
        BenchFigure(name: name, value: value, target: "<= \(limit)", met: value <= limit, detail: detail)
    }

    static func atLeast(_ name: String, _ value: Double, _ limit: Double, _ detail: String) -> BenchFigure {
        BenchFigure(name: name, value: value, target: ">= \(limit)", met: value >= limit, detail: detail)
    }

    static func info(_ name: String, _ value: Double, _ detail: String) -> BenchFigure {
        BenchFigure(name: name, value: value, target: "none", met: true, detail: detail)
    }
}
