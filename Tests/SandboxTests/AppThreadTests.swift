import Foundation
import Sandbox
import Testing

/// A process killed inside a seam call ends its app thread there, running none of the app's code.
@Suite struct AppThreadTests {
    @Test func aProcessKilledInsideASeamCallRunsNoneOfTheAppsCleanups() {
        let world = SimulatedWorld()
        let file = world.fileURL("Documents/data")
        nonisolated(unsafe) var cleanupsRun = 0
        for _ in 0..<50 {
            world.arm(FaultRule(kind: .write, path: PathPattern("Documents/data"), fault: .crashAfter(.kill)))
            let dying = world.launch()
            let finished: Void? = world.perform {
                defer { cleanupsRun += 1 }
                try? dying.files.write(Data([1]), to: file, mode: .plain)
            }
            #expect(finished == nil)
            world.disarmAll()
            // The next process runs on a fresh thread, and a kill between two calls ends that one.
            let next = world.launch()
            #expect(world.perform { next.files.fileExists(at: file) } == true)
            world.crash(.kill)
        }
        #expect(world.crashes.count == 100)
        #expect(cleanupsRun == 0, "a killed process ran the app's defer blocks")
    }

    /// A thread freed between two calls serves a later process, of any world; one that died inside a call
    /// never serves again, even once its world is dropped (a job posted to it would never run).
    @Test func freedThreadsServeLaterProcessesAndDeadOnesNever() {
        for round in 0..<50 {
            let world = SimulatedWorld()
            let file = world.fileURL("Documents/data")
            // Armed but never firing: it may kill, so app code runs on an app thread.
            world.arm(FaultRule(kind: .write, path: PathPattern("Documents/never"), fault: .crashAfter(.kill)))
            let app = world.launch()
            let wrote = Self.returning(within: 10) {
                world.perform { (try? app.files.write(Data([UInt8(round)]), to: file, mode: .plain)) != nil }
            }
            guard wrote == true else {
                Issue.record("round \(round): the call did not run within 10 s (it was given a dead thread?)")
                return
            }
            world.crash(.kill)
            let dying = SimulatedWorld()
            dying.arm(FaultRule(kind: .write, path: PathPattern("Documents/data"), fault: .crashAfter(.kill)))
            let doomed = dying.launch()
            let url = dying.fileURL("Documents/data")
            #expect(dying.perform { try? doomed.files.write(Data([1]), to: url, mode: .plain) } == nil)
            #expect(dying.crashes.count == 1)
            // Ending a process that already died frees no thread.
            dying.exitCleanly()
        }
    }

    /// What `body` returns, run on a thread of its own; nil when it has not returned within `seconds`.
    private static func returning<T>(within seconds: Int, _ body: @escaping @Sendable () -> T) -> T? {
        let ended = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: T?
        Thread.detachNewThread {
            result = body()
            ended.signal()
        }
        return ended.wait(timeout: .now() + .seconds(seconds)) == .success ? result : nil
    }

    /// Runs whose app is still running at their end held on to their whole world (files, log) and its
    /// thread for as long as the worker lived: the thread kept the last call, which held the world.
    @Test func aWorldWhoseAppIsStillRunningIsFreedWithItsThreadWhenTheRunDropsIt() {
        weak var released: SimulatedWorld?
        do {
            let world = SimulatedWorld()
            released = world
            let app = world.launch()
            let file = world.fileURL("Documents/data")
            #expect(world.perform { (try? app.files.write(Data([1]), to: file, mode: .plain)) != nil } == true)
        }
        // The thread lets go of the world once it has seen it stop: wait for that, never for a set time.
        var polls = 0
        while released != nil && polls < 10_000 {
            usleep(1_000)
            polls += 1
        }
        #expect(released == nil, "the world outlived its run")
    }
}
