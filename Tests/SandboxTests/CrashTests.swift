import Foundation
import Sandbox
import Testing

private let old = bytes(200, salt: 1)
private let new = bytes(120, salt: 2)
private let history = "Documents/history.plist"

@Suite struct CrashTests {
    @Test("A crash between an atomic write's temp file and its rename", arguments: [CrashKind.kill, .powerLoss])
    func crashBetweenTempFileAndRename(kind: CrashKind) throws {
        let world = SimulatedWorld(seed: 3)
        world.putFile(history, old)
        world.arm(FaultRule(kind: .sync, path: PathPattern(history), fault: .crashAfter(kind)))
        let env = world.launch()
        var reachedEnd = false
        let result = world.perform { () -> Bool in
            try? env.files.write(new, to: world.fileURL(history), mode: .atomic)
            reachedEnd = true
            return true
        }

        #expect(result == nil)
        #expect(!reachedEnd)
        #expect(!world.isRunning)
        let names = world.names(in: "Documents")
        let temp = try #require(names.first { $0.hasPrefix(".dat.nosync") })
        #expect(names.sorted() == [temp, "history.plist"])
        #expect(world.fileData(history) == old)
        #expect(world.fileData("Documents/" + temp) == new)

        let sync = try #require(world.operations.first { $0.kind == .sync })
        #expect(sync.path == "Documents/" + temp)
        #expect(sync.target == history)
        #expect(world.operations.last == sync)
        #expect(world.crashes.map(\.line) == ["crash \(kind.rawValue) p1 at #\(sync.number)"])
        #expect(world.crashes.first?.fates == [])

        let relaunched = world.launch()
        #expect(try relaunched.files.contents(of: world.fileURL(history)) == old)
        #expect(
            try relaunched.files.contentsOfDirectory(at: world.fileURL("Documents")).sorted() == [
                temp, "history.plist",
            ])
    }

    @Test func killInsideAPlainWriteTearsTheFile() throws {
        let world = SimulatedWorld()
        world.putFile(history, old)
        world.arm(
            FaultRule(kind: .write, path: PathPattern(history), fault: .partialWrite(bytes: 37, then: .crash(.kill))))
        let env = world.launch()
        let result = world.perform { () -> String in
            try? env.files.write(new, to: world.fileURL(history), mode: .plain)
            return "returned"
        }

        #expect(result == nil)
        #expect(!world.isRunning)
        #expect(world.fileData(history) == new.prefix(37))
        #expect(world.operations.last?.result == "torn at 37 of 120 (fault)")
        #expect(world.crashes.map(\.kind) == [.kill])
        #expect(world.crashes.first?.operation == world.operations.last?.number)

        let relaunched = world.launch()
        #expect(try relaunched.files.contents(of: world.fileURL(history)) == new.prefix(37))
    }

    @Test("Power loss inside a plain write: the torn bytes get a fate", arguments: UInt64(0)..<9)
    func powerLossInsideAPlainWrite(seed: UInt64) throws {
        let world = SimulatedWorld(seed: seed)
        world.putFile(history, old)
        world.arm(
            FaultRule(
                kind: .write, path: PathPattern(history), fault: .partialWrite(bytes: 37, then: .crash(.powerLoss))))
        let env = world.launch()
        #expect(world.perform { try? env.files.write(new, to: world.fileURL(history), mode: .plain) } == nil)

        let crash = try #require(world.crashes.first)
        #expect(crash.kind == .powerLoss)
        #expect(crash.fates.count == 1)
        let fate = try #require(crash.fates.first)
        let landed = new.prefix(37)
        switch fate {
        case "\(history) kept": #expect(world.fileData(history) == landed)
        case "\(history) dropped": #expect(world.fileData(history) == old)
        default:
            let cut = try #require(Int(fate.dropFirst("\(history) torn at ".count)))
            #expect(fate.hasPrefix("\(history) torn at "))
            #expect(world.fileData(history) == landed.prefix(cut))
        }
        let relaunched = world.launch()
        #expect(try relaunched.files.contents(of: world.fileURL(history)) == world.fileData(history))
    }

    /// `power-loss drop`: whatever the seed, every unsynced write is lost, and the next power loss draws fates again.
    @Test(arguments: UInt64(0)..<9)
    func powerLossDroppingUnsyncedLosesEveryUnsyncedWrite(seed: UInt64) throws {
        let world = SimulatedWorld(seed: seed)
        let fresh = "Documents/fresh.txt"
        world.putFile(history, old)
        let env = world.launch()
        world.perform {
            try? env.files.write(new, to: world.fileURL(history), mode: .plain)
            try? env.files.write(new, to: world.fileURL(fresh), mode: .plain)
        }
        world.dropUnsyncedAtNextPowerLoss()
        world.crash(.powerLoss)

        #expect(world.crashes.first?.fates == ["\(fresh) dropped", "\(history) dropped"])
        #expect(world.fileData(history) == old)
        #expect(world.fileData(fresh) == nil)
        let again = world.launch()
        world.perform { try? again.files.write(new, to: world.fileURL(history), mode: .plain) }
        world.crash(.powerLoss)
        #expect(world.crashes.last?.fates.first?.hasPrefix("\(history) ") == true)
    }

    @Test func crashBeforeAWriteLeavesTheFileUntouched() throws {
        let world = SimulatedWorld()
        world.putFile(history, old)
        world.arm(FaultRule(kind: .write, path: PathPattern("Documents/**"), fault: .crashBefore(.kill)))
        let env = world.launch()
        #expect(world.perform { try? env.files.write(new, to: world.fileURL(history), mode: .plain) } == nil)
        #expect(!world.isRunning)
        #expect(world.fileData(history) == old)
        #expect(world.operations.last?.result == "crash before (kill)")
        #expect(world.operations.last?.bytes == nil)
    }

    @Test func crashAfterAWriteKeepsItsBytes() throws {
        let world = SimulatedWorld()
        world.putFile(history, old)
        world.arm(FaultRule(kind: .write, path: PathPattern(history), fault: .crashAfter(.kill)))
        let env = world.launch()
        #expect(world.perform { try? env.files.write(new, to: world.fileURL(history), mode: .plain) } == nil)
        #expect(!world.isRunning)
        #expect(world.fileData(history) == new)
        #expect(world.operations.last?.result == "ok, then crash (kill)")
        #expect(try world.launch().files.contents(of: world.fileURL(history)) == new)
    }

    /// A spared crash leaves its operation alone, and only that one: the next crash the faults cause still comes.
    @Test func aSparedCrashLeavesItsOperationAsIfNoFaultWereArmed() throws {
        let world = SimulatedWorld()
        world.arm(FaultRule(kind: .write, path: PathPattern(history), occurrence: .every, fault: .crashBefore(.kill)))
        _ = world.launch()
        world.crash(.kill)
        world.spareCrash(number: 2)
        let env = world.launch()
        #expect(world.perform { try? env.files.write(new, to: world.fileURL(history), mode: .plain) } != nil)
        #expect(world.isRunning && world.crashes.count == 1)
        #expect(world.fileData(history) == new)
        #expect(world.operations.last?.result == "ok")
        #expect(world.perform { try? env.files.write(old, to: world.fileURL(history), mode: .plain) } == nil)
        #expect(world.crashes.count == 2 && world.fileData(history) == new)
    }

    @Test func crashBeforeAReadStopsTheAppBeforeItSeesTheData() {
        let world = SimulatedWorld()
        world.putFile(history, old)
        world.arm(FaultRule(kind: .read, path: PathPattern(history), fault: .crashBefore(.kill)))
        let env = world.launch()
        var seen: Data?
        #expect(world.perform { seen = try? env.files.contents(of: world.fileURL(history)) } == nil)
        #expect(seen == nil)
        #expect(!world.isRunning)
    }

    @Test func crashBeforeAKeyValueSetLosesTheValue() {
        let world = SimulatedWorld()
        world.arm(FaultRule(kind: .set, path: PathPattern("defaults:ratings"), fault: .crashBefore(.kill)))
        let env = world.launch()
        #expect(world.perform { env.defaults.set("5000", forKey: "ratings") } == nil)
        #expect(!world.isRunning)
        #expect(world.launch().defaults.object(forKey: "ratings") == nil)
    }

    @Test func performReturnsTheValueWhileTheProcessLives() {
        let world = SimulatedWorld()
        let env = world.launch()
        let written = world.perform { () -> Bool in
            (try? env.files.write(new, to: world.fileURL(history), mode: .atomic)) != nil
        }
        #expect(written == true)
        #expect(world.isRunning)
        #expect(world.perform { env.files.fileExists(at: world.fileURL(history)) } == true)
    }

    @Test func aDeadProcessRunsNoMoreCode() {
        let world = SimulatedWorld()
        world.launch()
        world.crash(.kill)
        var ran = false
        #expect(world.perform { ran = true } == nil)
        #expect(!ran)
        #expect(!world.isRunning)
        #expect(world.processID == nil)
        #expect(world.crashes.map(\.line) == ["crash kill p1"])

        world.launch()
        #expect(world.processID == 2)
        #expect(
            world.perform {
                ran = true
                return 1
            } == 1)
        #expect(ran)
    }

    @Test func aDeadProcessCannotTouchFiles() {
        let world = SimulatedWorld()
        let stale = world.launch()
        world.crash(.kill)
        world.launch()
        let url = world.fileURL(history)

        #expect(throws: SimulatedWorld.ProcessDied.self) { try stale.files.write(new, to: url, mode: .atomic) }
        #expect(throws: SimulatedWorld.ProcessDied.self) {
            _ = try stale.files.contentsOfDirectory(at: world.fileURL("Documents"))
        }
        #expect(stale.files.urls(for: .documents).isEmpty)
        #expect(world.fileData(history) == nil)
        #expect(world.operations.allSatisfy { $0.platform })
    }

    @Test func aCrashFaultOutsidePerformThrowsProcessDied() {
        let world = SimulatedWorld()
        world.arm(FaultRule(kind: .write, path: PathPattern(history), fault: .crashAfter(.kill)))
        let env = world.launch()
        #expect(throws: SimulatedWorld.ProcessDied.self) {
            try env.files.write(new, to: world.fileURL(history), mode: .plain)
        }
        #expect(!world.isRunning)
        #expect(world.fileData(history) == new)
    }

    @Test func aCleanExitIsNotACrash() {
        let world = SimulatedWorld()
        world.launch()
        world.exitCleanly()
        #expect(!world.isRunning)
        #expect(world.crashes.isEmpty)
        #expect(world.perform { 1 } == nil)
    }
}
