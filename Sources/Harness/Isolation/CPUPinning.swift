import Foundation

/// Keeps each lane of an exploration on one CPU. A lane is a chain of hand-offs (the harness's thread
/// sends a job, the worker runs it, the harness reads the answer): a thread woken onto the other CPU, busy with
/// the other lane, waits there while this CPU idles. On 2 cores, two unpinned lanes kept 1.68 CPUs busy; pinned,
/// 1.94. Linux only (through `sched_setaffinity`); elsewhere nothing is pinned.
package enum CPUPinning {
    /// A CPU mask as the kernel reads it: 1,024 bits.
    private typealias Mask = [UInt8]
    private typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    private static let maskBytes = 128

    /// The CPUs this process may run on, in order; empty where that is not known.
    static let allowed = cpus(of: 0)

    /// The CPUs process or thread `id` (0: the calling thread) may run on, in order; empty where not known.
    static func cpus(of id: pid_t) -> [Int] {
        guard let call = function("sched_getaffinity") else { return [] }
        var mask = Mask(repeating: 0, count: maskBytes)
        guard call(id, maskBytes, &mask) == 0 else { return [] }
        return (0..<(maskBytes * 8)).filter { mask[$0 / 8] & (1 << ($0 % 8)) != 0 }
    }

    /// The CPU each of `count` lanes keeps to: the allowed CPUs in turn, from the one the calling thread runs on
    /// now. A lane's thread and its worker hand each job and each app call to one another, and on one CPU a
    /// hand-off wakes no other CPU: `--jobs 1` took a quarter less CPU time pinned. Starting where the kernel
    /// placed this process spreads explorations run side by side instead of crowding them onto the first CPU.
    package static func cpus(forLanes count: Int) -> [Int?] {
        guard allowed.count > 1 else { return Array(repeating: nil, count: count) }
        let first = currentCPU.flatMap { allowed.firstIndex(of: $0) } ?? 0
        return (0..<count).map { allowed[(first + $0) % allowed.count] }
    }

    /// The CPU the calling thread runs on (glibc's `sched_getcpu`); nil where not known.
    private static var currentCPU: Int? {
        typealias Current = @convention(c) () -> Int32
        guard let cpu = SystemCall.function("sched_getcpu", as: Current.self)?() else { return nil }
        return cpu >= 0 ? Int(cpu) : nil
    }

    /// Keeps process or thread `id` (0: the calling thread) on `cpu`, or on every allowed CPU again when nil.
    /// A hint: a call the system refuses changes nothing.
    package static func pin(_ id: pid_t, to cpu: Int?) {
        guard let call = function("sched_setaffinity"), !allowed.isEmpty else { return }
        var mask = Mask(repeating: 0, count: maskBytes)
        for index in cpu.map({ [$0] }) ?? allowed { mask[index / 8] |= 1 << (index % 8) }
        _ = call(id, maskBytes, &mask)
    }

    private static func function(_ name: String) -> Affinity? {
        SystemCall.function(name, as: Affinity.self)
    }
}
