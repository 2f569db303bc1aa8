import Foundation
import Testing

@testable import Harness

/// How a worker judges its own health and its end: what the kernel says, not an estimate.
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

    @Test(arguments: [
        (WorkerExit.signal(SIGILL), "", true),
        (.signal(SIGTRAP), "Fatal error: Index out of range", true),
        (.signal(SIGABRT), "Could not cast value of type 'A' to 'B'.", true),
        (.signal(SIGABRT), "", false),
        (.signal(SIGKILL), "", false),
        (.signal(SIGTERM), "", false),
        (.signal(SIGSEGV), "", false),
        (.status(0), "", false),
    ])
    func onlyTheAppsOwnTrapsAreBlamedOnTheApp(exit: WorkerExit, stderr: String, isAppTrap: Bool) {
        #expect(exit.isAppTrap(stderr: stderr) == isAppTrap)
    }

    @Test func anOutsideKillIsNamed() {
        #expect(WorkerExit.signal(SIGKILL).description == "was killed by SIGKILL")
        #expect(WorkerExit.status(0).description == "exited with status 0")
    }
}
