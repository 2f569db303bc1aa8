import Foundation
import Testing

@testable import Harness

/// Each lane of an exploration keeps to one CPU, and a thread let go runs anywhere again.
@Suite struct CPUPinningTests {
    @Test func lanesTakeTheAllowedCPUsInTurnFromTheOneTheCallerRunsOn() throws {
        let allowed = CPUPinning.allowed
        try #require(allowed.count > 1, "a machine with one CPU has nothing to pin")
        let cpu = try #require(allowed.last)
        // On a thread kept to the last CPU: `--jobs 1` there must not crowd onto the first.
        nonisolated(unsafe) var lanes: (one: [Int?], all: [Int?], twice: [Int?]) = ([], [], [])
        let ended = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            CPUPinning.pin(0, to: cpu)
            lanes = (
                CPUPinning.cpus(forLanes: 1), CPUPinning.cpus(forLanes: allowed.count),
                CPUPinning.cpus(forLanes: 2 * allowed.count)
            )
            ended.signal()
        }
        ended.wait()
        let inTurn = [cpu] + allowed.dropLast()
        #expect(lanes.one == [cpu])
        #expect(lanes.all == inTurn.map { Optional($0) })
        #expect(lanes.twice == (inTurn + inTurn).map { Optional($0) })
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
