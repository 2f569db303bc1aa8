import Foundation
import Sandbox
import Testing

/// A fixed script of app calls, faults and a power loss; returns the finished world.
private func scriptedRun(seed: UInt64) -> SimulatedWorld {
    let world = SimulatedWorld(seed: seed)
    world.putFile("Documents/history.plist", bytes(80, salt: 1))
    world.arm(FaultRule(kind: .read, path: PathPattern("Documents/history.plist"), fault: .corruptRead))
    world.arm(
        FaultRule(kind: .write, path: PathPattern("Documents/b.jpg"), fault: .partialWrite(bytes: 9, then: .error)))
    world.arm(
        FaultRule(kind: .sync, path: PathPattern("Documents/history.plist"), occurrence: .nth(2), fault: .diskFull))
    let env = world.launch()
    let history = world.fileURL("Documents/history.plist")

    _ = try? env.files.contents(of: history)
    _ = env.clock.now
    for name in ["a", "b", "c", "d", "e"] {
        try? env.files.write(
            bytes(64, salt: UInt8(name.utf8.first!)), to: world.fileURL("Documents/\(name).jpg"), mode: .plain)
    }
    try? env.files.write(bytes(100, salt: 2), to: history, mode: .atomic)
    try? env.files.write(bytes(110, salt: 3), to: history, mode: .atomic)
    env.defaults.set("1234", forKey: "ratings")
    world.background()
    env.console("saved")
    // Less than the write-back delay: the power loss still finds the pictures unsynced.
    world.advanceClock(by: SimulatedWorld.writeBackDelay - 10)
    world.crash(.powerLoss)

    let relaunched = world.launch()
    for path in [
        "Documents/a.jpg", "Documents/b.jpg", "Documents/c.jpg", "Documents/d.jpg", "Documents/e.jpg",
        "Documents/history.plist",
    ] {
        _ = try? relaunched.files.contents(of: world.fileURL(path))
    }
    _ = relaunched.defaults.string(forKey: "ratings")
    return world
}

private func snapshot(_ world: SimulatedWorld) -> [String: Data] {
    Dictionary(uniqueKeysWithValues: world.filePaths.map { ($0, world.fileData($0) ?? Data()) })
}

@Suite struct DeterminismTests {
    @Test("The same seed replays byte for byte", arguments: [UInt64(0), 42, 0xDEAD_BEEF])
    func sameSeedSameTrace(seed: UInt64) {
        let first = scriptedRun(seed: seed)
        let second = scriptedRun(seed: seed)
        #expect(first.trace == second.trace)
        #expect(Data(first.trace.utf8) == Data(second.trace.utf8))
        #expect(snapshot(first) == snapshot(second))
        #expect(first.crashes == second.crashes)
    }

    @Test func theTraceRecordsEveryStep() {
        let trace = scriptedRun(seed: 0).trace
        let lines = trace.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("crash power-loss p1:") && $0.contains("Documents/a.jpg") })
        #expect(lines.contains { $0.contains("corrupted (fault)") })
        #expect(lines.contains { $0.contains("Documents/b.jpg 9 bytes: fault, threw NSCocoaErrorDomain 512 (EIO)") })
        #expect(lines.contains { $0.contains("sync") && $0.contains("threw NSCocoaErrorDomain 640 (ENOSPC)") })
        #expect(lines.contains("p1 print: saved"))
        #expect(lines.contains { $0.contains("p2 read Documents/history.plist") })
        #expect(
            lines.contains { $0.contains("[platform]") && $0.contains("Library/Preferences/com.example.app.plist") })
    }

    @Test func anotherSeedGivesAnotherFate() {
        let reference = scriptedRun(seed: 0).crashes.map(\.fates)
        let others = (UInt64(1)...5).map { scriptedRun(seed: $0).crashes.map(\.fates) }
        #expect(others.contains { $0 != reference })
    }
}

extension DeterminismTests {
    @Test("The trace hash is the hash of the trace's text", arguments: [UInt64(0), 42])
    func traceHashHashesTheTrace(seed: UInt64) {
        let world = scriptedRun(seed: seed)
        #expect(world.trace.contains("crash power-loss") && world.trace.contains("print: saved"))
        #expect(world.traceHash == FNV1a.hash(world.trace.utf8))
        #expect(SimulatedWorld().traceHash == FNV1a.hash("".utf8))
    }
}
