import Foundation
import Sandbox
import Testing

@testable import Harness

/// The oracles blame the platform for what the key-value store lost only when a fault or crash hit the store's
/// own file: read from each operation's fault, whatever its line says (an app may be called `DefaultsCrash`).
@Suite struct PlatformFaultTests {
    /// A world of an app whose bundle identifier holds "fault" and "crash", with a key-value change written.
    static func flushedWorld(arming rule: FaultRule? = nil) -> SimulatedWorld {
        let world = SimulatedWorld(bundleIdentifier: "com.example.defaultscrash")
        if let rule { world.arm(rule) }
        let defaults = world.launch().defaults
        defaults.set(3, forKey: "ratings")
        _ = world.perform { defaults.synchronize() }
        return world
    }

    @Test func theStoresOwnWritesAreNoFaultWhateverTheirNames() {
        let world = Self.flushedWorld()
        let platform = world.operations.filter(\.platform)
        #expect(platform.contains { $0.line.contains("defaultscrash") && $0.result.contains("crash") })
        #expect(!Oracle.platformFaulted(world.operations))
    }

    @Test(arguments: [
        Fault.ioError, .permissionDenied, .crashBefore(.kill), .crashAfter(.powerLoss),
    ])
    func aFaultOnTheStoresFileIsThePlatforms(_ fault: Fault) {
        let world = Self.flushedWorld(arming: FaultRule(kind: .rename, path: PathPattern("Library/**"), fault: fault))
        #expect(world.firedCounts == [1])
        #expect(Oracle.platformFaulted(world.operations))
        #expect(!Oracle.platformFaulted(world.operations.filter { !$0.platform }))
    }

    @Test func aFaultOnTheAppsOwnCallIsNotThePlatforms() {
        let world = Self.flushedWorld(
            arming: FaultRule(kind: .get, path: PathPattern("defaults:*"), occurrence: .every, fault: .missing))
        _ = world.perform { world.environment(process: 1).defaults.object(forKey: "ratings") }
        #expect(world.operations.contains { $0.fault == .missing && !$0.platform })
        #expect(!Oracle.platformFaulted(world.operations))
    }
}
