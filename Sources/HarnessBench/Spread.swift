/// The lowest, middle and highest of a figure's per-round values: one round on a shared
/// machine proves little, the middle of several and their range say how far to trust it.
struct Spread: Sendable, Equatable {
    var min: Double
    /// The middle value (the mean of the two middle ones for an even count).
    var median: Double
    var max: Double

    /// Nil for no values.
    init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        min = sorted[0]
        max = sorted[sorted.count - 1]
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
