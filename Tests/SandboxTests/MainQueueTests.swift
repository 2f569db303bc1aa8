import Foundation
import Sandbox
import Testing

/// The simulated main queue: work runs when the harness runs the queue, in order, on the app's thread,
/// and dies with its process.
@Suite struct MainQueueTests {
    @Test func workRunsInOrderOnlyWhenTheQueueRunsIncludingWorkItSchedules() {
        let world = SimulatedWorld()
        let env = world.launch()
        world.perform {
            env.mainQueue.async {
                env.console("first")
                env.mainQueue.async { env.console("third") }
            }
            env.mainQueue.async { env.console("second") }
        }
        #expect(world.printedLines.isEmpty)
        #expect(world.pendingMainQueueWork == 2)
        #expect(world.runMainQueue() != nil)
        #expect(world.printedLines == ["first", "second", "third"])
        #expect(world.pendingMainQueueWork == 0)
    }

    /// Work scheduled for later joins the queue once the clock reaches it, earliest first, and dies with the process.
    @Test func laterWorkRunsOnceTheClockReachesIt() {
        let world = SimulatedWorld()
        let env = world.launch()
        world.perform {
            env.mainQueue.asyncAfter(seconds: 5) { env.console("at 5") }
            env.mainQueue.asyncAfter(seconds: 2) { env.console("at 2") }
        }
        world.advanceClock(by: 1)
        #expect(world.pendingMainQueueWork == 0)
        world.advanceClock(by: 5)
        #expect(world.pendingMainQueueWork == 2)
        #expect(world.runMainQueue() != nil)
        #expect(world.printedLines == ["at 2", "at 5"])

        // The clock set back is not time running backwards: the timer counts the time that passes after it.
        world.perform { env.mainQueue.asyncAfter(seconds: 2) { env.console("after 2 s") } }
        world.advanceClock(by: -3600)
        world.advanceClock(by: 2)
        #expect(world.runMainQueue() != nil)
        #expect(world.printedLines.last == "after 2 s")

        world.perform { env.mainQueue.asyncAfter(seconds: 1) { env.console("never") } }
        world.crash(.kill)
        _ = world.launch()
        world.advanceClock(by: 2)
        #expect(world.pendingMainQueueWork == 0)
    }

    @Test func pendingWorkDiesWithAKillAndWithACleanExit() {
        for end: (SimulatedWorld) -> Void in [{ $0.crash(.kill) }, { $0.exitCleanly() }] {
            let world = SimulatedWorld()
            let env = world.launch()
            world.perform { env.mainQueue.async { env.console("ran") } }
            end(world)
            world.launch()
            #expect(world.pendingMainQueueWork == 0)
            world.runMainQueue()
            #expect(world.printedLines.isEmpty)
        }
    }

    /// A crash fault inside the work ends the process there: the rest never runs.
    @Test func aCrashInWorkStopsTheQueue() throws {
        let world = SimulatedWorld()
        let env = world.launch()
        world.arm(FaultRule(kind: .write, path: PathPattern("**"), fault: .crashBefore(.kill)))
        let url = env.files.urls(for: .documents)[0].appendingPathComponent("a")
        world.perform {
            env.mainQueue.async { try? env.files.write(Data([1]), to: url, mode: .plain) }
            env.mainQueue.async { env.console("after") }
        }
        #expect(world.runMainQueue() == nil)
        #expect(!world.isRunning)
        #expect(world.printedLines.isEmpty)
    }
}
