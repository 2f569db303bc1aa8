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
