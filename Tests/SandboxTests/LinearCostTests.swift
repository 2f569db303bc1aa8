import Foundation
import Testing

@testable import Sandbox

/// The work one step does does not grow with the steps before it (counted, never timed).
@Suite struct LinearCostTests {
    @Test("A run of defaults fixtures rewrites the preferences file once, with every value")
    func defaultsFixturesAreWrittenOnce() throws {
        let world = SimulatedWorld()
        for index in 0..<1_000 { world.putDefaultsValue(.integer(index), forKey: "key\(index)") }
        world.putDefaultsValue(nil, forKey: "key999")
        let env = world.launch()
        #expect(world.pendingDefaultsWrites == 1)
        #expect(env.defaults.integer(forKey: "key0") == 0)
        #expect(env.defaults.integer(forKey: "key998") == 998)
        #expect(env.defaults.object(forKey: "key999") == nil)
        #expect(world.persistedDefaultsValue(forKey: "key500") == .integer(500))
        world.putDefaultsValue(.string("late"), forKey: "key0")
        #expect(world.persistedDefaultsValue(forKey: "key0") == .string("late"))
        #expect(world.pendingDefaultsWrites == 2)
    }

    @Test("An operation looks only at the fault rules that can still fire on it")
    func spentAndUnrelatedRulesAreNotExamined() throws {
        let world = SimulatedWorld()
        world.putFile("Documents/a.plist", bytes(3))
        for index in 0..<500 {
            world.arm(FaultRule(kind: .read, path: PathPattern("Documents/other\(index).plist"), fault: .ioError))
            world.arm(FaultRule(kind: .read, path: PathPattern("Documents/a.plist"), fault: .missing))
        }
        let files = world.launch().files
        let file = world.fileURL("Documents/a.plist")
        #expect(thrownSummary { _ = try files.contents(of: file) } == "NSCocoaErrorDomain 260 (ENOENT)")
        let afterFirstRead = world.lock.withLock { world.armed.examined }
        #expect(afterFirstRead == 500)
        for _ in 0..<1_000 { #expect(try files.contents(of: file) == bytes(3)) }
        #expect(world.lock.withLock { world.armed.examined } == afterFirstRead)
        #expect(world.firedCounts.filter { $0 > 0 } == [1])
    }

    @Test("A read fault that hides the same file again and again keeps one entry for it")
    func repeatedlyHiddenFileIsOneEntry() throws {
        let world = SimulatedWorld()
        world.putFile("Documents/a.plist", bytes(3))
        world.arm(FaultRule(kind: .read, path: PathPattern("Documents/a.plist"), occurrence: .every, fault: .wrongType))
        let files = world.launch().files
        for _ in 0..<1_000 { _ = try files.contents(of: world.fileURL("Documents/a.plist")) }
        let hidden = world.faultedFiles
        #expect(hidden.map(\.path) == ["Documents/a.plist"])
        #expect(hidden.first?.data == bytes(3))
        #expect(hidden.first?.seenAs.count == 1)
    }
}
