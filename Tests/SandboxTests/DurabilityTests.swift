import Foundation
import Sandbox
import Testing

private let existing = ["Documents/a.plist", "Documents/b.plist", "Library/Caches/c"]
private let fresh = ["Documents/d.jpg", "Documents/e.jpg", "tmp/f"]
private let folders = ["Documents", "Library/Caches", "tmp"]

private func salt(_ path: String) -> UInt8 { path.utf8.reduce(0, &+) }
private func old(_ path: String) -> Data { bytes(150, salt: salt(path)) }
private func new(_ path: String) -> Data { bytes(90 + path.utf8.count, salt: 100 &+ salt(path)) }

/// Plain (unsynced) writes over three existing files and three new ones, then `crash`,
/// then a relaunch: the fates recorded and what the relaunched app reads.
private func unsyncedWrites(seed: UInt64, crash: CrashKind) throws
    -> (fates: [String], reads: [String: Observation], listings: [String: Observation])
{
    let world = SimulatedWorld(seed: seed)
    for path in existing { world.putFile(path, old(path)) }
    let env = world.launch()
    for path in existing + fresh { try env.files.write(new(path), to: world.fileURL(path), mode: .plain) }
    world.crash(crash)
    let relaunched = world.launch()
    var reads: [String: Observation] = [:]
    for path in existing + fresh { reads[path] = observe(.read(path), on: relaunched.files, root: world.containerURL) }
    var listings: [String: Observation] = [:]
    for folder in folders { listings[folder] = observe(.list(folder), on: relaunched.files, root: world.containerURL) }
    #expect(world.crashes.count == 1)
    #expect(world.crashes.first?.kind == crash)
    return (world.crashes.first?.fates ?? [], reads, listings)
}

/// Splits `Documents/a.plist torn at 17` into the path and `torn at 17`.
private func splitFate(_ fate: String) -> (path: String, fate: String) {
    let space = fate.firstIndex(of: " ") ?? fate.endIndex
    return (String(fate[..<space]), String(fate[space...].dropFirst()))
}

@Suite struct DurabilityTests {
    @Test("Each unsynced write is kept, dropped or torn, and the file shows it", arguments: UInt64(0)..<6)
    func fatesMatchTheFiles(seed: UInt64) throws {
        let (fates, reads, listings) = try unsyncedWrites(seed: seed, crash: .powerLoss)
        #expect(fates.map { splitFate($0).path } == (existing + fresh).sorted())
        // A file power loss dropped is gone from its folder's listing too.
        for folder in folders {
            let present = (existing + fresh)
                .filter { $0.hasPrefix(folder + "/") && reads[$0] != .failed("NSCocoaErrorDomain 260 (ENOENT)") }
            #expect(listings[folder] == .names(present.map { String($0.dropFirst(folder.count + 1)) }.sorted()))
        }
        for line in fates {
            let (path, fate) = splitFate(line)
            let read = try #require(reads[path])
            switch fate {
            case "kept":
                #expect(read == .bytes(new(path)), "\(line)")
            case "dropped":
                #expect(
                    read == (existing.contains(path) ? .bytes(old(path)) : .failed("NSCocoaErrorDomain 260 (ENOENT)")),
                    "\(line)")
            default:
                let cut = try #require(
                    fate.hasPrefix("torn at ") ? Int(fate.dropFirst("torn at ".count)) : nil, "\(line)")
                #expect(cut <= new(path).count)
                #expect(read == .bytes(new(path).prefix(cut)), "\(line)")
            }
        }
    }

    @Test func allThreeFatesOccurAcrossSeeds() throws {
        let fates = try (UInt64(0)..<6).flatMap { try unsyncedWrites(seed: $0, crash: .powerLoss).fates }
        let kinds = Set(fates.map { splitFate($0).fate.hasPrefix("torn at") ? "torn" : splitFate($0).fate })
        #expect(kinds == ["kept", "dropped", "torn"])
    }

    @Test("The same seed gives the same fates", arguments: [UInt64(0), 7, 12345])
    func fatesAreStable(seed: UInt64) throws {
        let first = try unsyncedWrites(seed: seed, crash: .powerLoss)
        let second = try unsyncedWrites(seed: seed, crash: .powerLoss)
        #expect(first.fates == second.fates)
        #expect(first.reads == second.reads)
    }

    @Test func killKeepsEveryWrite() throws {
        let (fates, reads, _) = try unsyncedWrites(seed: 0, crash: .kill)
        #expect(fates == [])
        for path in existing + fresh { #expect(reads[path] == .bytes(new(path))) }
    }

    @Test("Written back, unsynced writes survive a power loss", arguments: UInt64(0)..<4)
    func writtenBackWritesSurvivePowerLoss(seed: UInt64) throws {
        let world = SimulatedWorld(seed: seed)
        let env = world.launch()
        for path in fresh { try env.files.write(new(path), to: world.fileURL(path), mode: .plain) }
        world.crash(.kill)
        world.writeBack()
        _ = world.launch()
        world.crash(.powerLoss)
        #expect(world.crashes.last?.fates == [])
        for path in fresh { #expect(world.fileData(path) == new(path)) }
    }

    /// The kernel writes back what has waited `writeBackDelay`: a clock moved on that far has let that time pass.
    @Test func aClockMovedOnPastTheWriteBackDelayMakesEveryWriteDurable() throws {
        func fates(after move: (SimulatedWorld) -> Void) throws -> [String] {
            let world = SimulatedWorld(seed: 1)
            let env = world.launch()
            for path in fresh { try env.files.write(new(path), to: world.fileURL(path), mode: .plain) }
            move(world)
            world.crash(.powerLoss)
            return world.crashes.last?.fates ?? []
        }
        #expect(try fates { $0.advanceClock(by: SimulatedWorld.writeBackDelay - 1) }.count == fresh.count)
        #expect(try fates { $0.advanceClock(by: -3600) }.count == fresh.count, "a clock set back lets no time pass")
        #expect(try fates { $0.advanceClock(by: SimulatedWorld.writeBackDelay) } == [])
        #expect(try fates { $0.advanceClock(by: DateComponents(day: 1)) } == [])
        #expect(try fates { $0.setClock($0.now + 3600) } == [])
    }

    @Test("Atomic writes are synced: power loss keeps them", arguments: UInt64(0)..<4)
    func atomicWritesSurvivePowerLoss(seed: UInt64) throws {
        let world = SimulatedWorld(seed: seed)
        world.putFile("Documents/history.plist", old("x"))
        let env = world.launch()
        try env.files.write(new("x"), to: world.fileURL("Documents/history.plist"), mode: .atomic)
        try env.files.write(new("y"), to: world.fileURL("Documents/photo.jpg"), mode: .plain)
        world.crash(.powerLoss)

        #expect(world.crashes.first?.fates.map { splitFate($0).path } == ["Documents/photo.jpg"])
        let relaunched = world.launch()
        #expect(try relaunched.files.contents(of: world.fileURL("Documents/history.plist")) == new("x"))
        #expect(world.names(in: "Documents").allSatisfy { !$0.hasPrefix(".dat.nosync") })
    }

    @Test func aSecondPowerLossFindsNothingPending() {
        let world = SimulatedWorld(seed: 5)
        let env = world.launch()
        try? env.files.write(new("x"), to: world.fileURL("Documents/a"), mode: .plain)
        world.crash(.powerLoss)
        let afterFirst = world.fileData("Documents/a")
        world.launch()
        world.crash(.powerLoss)
        #expect(world.crashes.count == 2)
        #expect(world.crashes.first?.fates.count == 1)
        #expect(world.crashes.last?.fates == [])
        #expect(world.fileData("Documents/a") == afterFirst)
    }
}
