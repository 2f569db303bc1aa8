import Dispatch
import Foundation

/// Wall-clock timing for the benchmarks (ratios within one run, never absolute claims).
enum Stopwatch {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The median of `repeats` timings of `body`.
    static func median(_ repeats: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<repeats { times.append(try seconds(body)) }
        return times.sorted()[times.count / 2]
    }

    /// The largest resident set of any child process waited for so far, in megabytes.
    static var childrenPeakMegabytes: Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
        #endif
    }
}
