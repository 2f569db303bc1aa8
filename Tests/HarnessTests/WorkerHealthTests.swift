import Foundation
import Testing
@testable import Harness

/// How a worker judges its own health: what the kernel says, not an estimate.
@Suite struct WorkerHealthTests {
    @Test func vitalsCountTheThreadsThisProcessReallyHas() throws {
        let before = try #require(ProcessVitals.current())
        let release = DispatchSemaphore(value: 0)
        let started = DispatchGroup()
        for _ in 0..<12 {
            started.enter()
            Thread.detachNewThread {
                started.leave()
                release.wait()
            }
        }
        started.wait()
        let during = try #require(ProcessVitals.current())
        for _ in 0..<12 { release.signal() }
        #expect(during.threads >= before.threads + 12 - 4, "other tests' threads may end meanwhile")
        #expect(during.residentMegabytes > 1)
    }

    @Test func aWorkerRetiresOnTooManyThreadsOrTooMuchMemory() {
        #expect(!Worker.shouldRetire(ProcessVitals(threads: 8, residentMegabytes: 40)))
        #expect(Worker.shouldRetire(ProcessVitals(threads: Worker.threadLimit + 1, residentMegabytes: 40)))
        #expect(Worker.shouldRetire(ProcessVitals(threads: 8, residentMegabytes: Worker.memoryLimitMegabytes + 1)))
    }
}
