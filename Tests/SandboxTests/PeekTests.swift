import Foundation
import Sandbox
import Testing

/// `peek`: the harness looking at the app between steps changes nothing a scenario can see.
@Suite struct PeekTests {
    @Test func aPeekIsNotLoggedMeetsNoFaultAndCountsForNone() throws {
        let world = SimulatedWorld()
        world.putFile("Documents/a", Data([7]))
        let env = world.launch()
        let url = env.files.urls(for: .documents)[0].appendingPathComponent("a")
        let before = world.operationCount
        world.arm(FaultRule(kind: .read, path: PathPattern("Documents/a"), fault: .ioError))
        #expect(world.peek { try? env.files.contents(of: url) } == Data([7]))
        #expect(world.peek { env.clock.now } != nil)
        #expect(world.operationCount == before)
        // The fault is still waiting for the app's first read.
        #expect(world.perform { try? env.files.contents(of: url) } == .some(nil))
        #expect(world.firedCounts == [1])
    }
}
