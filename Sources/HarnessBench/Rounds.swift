/// Workloads measured round after round, in the order given and then reversed, so that a
/// machine that speeds up or slows down during the bench weighs on every workload alike.
enum Rounds {
    /// The order the workloads run in, in round `round` (counted from 0).
    static func order(workloads: Int, round: Int) -> [Int] {
        let given = Array(0..<workloads)
        return round % 2 == 0 ? given : given.reversed()
    }

    /// Each workload's cost once per round: `costs[round][workload]`, in the workloads' own order.
    static func measure(_ rounds: Int, _ workloads: [() throws -> Double]) throws -> [[Double]] {
        var costs: [[Double]] = []
        for round in 0..<rounds {
            var costsThisRound = [Double](repeating: 0, count: workloads.count)
            for index in order(workloads: workloads.count, round: round) {
                costsThisRound[index] = try workloads[index]()
            }
            costs.append(costsThisRound)
        }
        return costs
    }
}
