import Foundation
import Testing

@testable import Harness

/// Each lane of a parallel exploration keeps to one CPU, and a thread let go runs anywhere again.
@Suite struct CPUPinningTests {
    @Test func lanesThatFillTheAllowedCPUsTakeThemInTurnAndFewerArePinnedNowhere() throws {
        let allowed = CPUPinning.allowed
        try #require(allowed.count > 1, "a machine with one CPU has nothing to pin")
        #expect(CPUPinning.cpus(forLanes: allowed.count) == allowed.map { Optional($0) })
        #expect(CPUPinning.cpus(forLanes: 2 * allowed.count) == (allowed + allowed).map { Optional($0) })
        // `--jobs 1`, or shards side by side: each would otherwise sit on the first CPU.
        #expect(CPUPinning.cpus(forLanes: 1) == [nil])
        #expect(CPUPinning.cpus(forLanes: allowed.count - 1).allSatisfy { $0 == nil })
    }

    @Test func aPinnedThreadRunsOnItsCPUUntilLetGo() throws {
        let allowed = CPUPinning.allowed
        try #require(allowed.count > 1, "a machine with one CPU has nothing to pin")
        let cpu = try #require(allowed.last)
        // On a thread of its own, so the test runner's threads are never pinned.
        // Written by that thread before it signals, read after the wait.
        nonisolated(unsafe) var seen: (pinned: [Int], released: [Int]) = ([], [])
        let ended = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            CPUPinning.pin(0, to: cpu)
            let pinned = CPUPinning.cpus(of: 0)
            CPUPinning.pin(0, to: nil)
            seen = (pinned, CPUPinning.cpus(of: 0))
            ended.signal()
        }
        ended.wait()
        #expect(seen.pinned == [cpu])
        #expect(seen.released == allowed)
    }
}
