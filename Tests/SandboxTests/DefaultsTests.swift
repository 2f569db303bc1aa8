import Foundation
import Sandbox
import Testing

/// A stored value and what UserDefaults' typed getters give for it, measured on this toolchain.
struct Coercion: Equatable, Sendable, CustomTestStringConvertible {
    var stored: PlistValue?
    var string: String?
    var integer: Int
    var double: Double
    var bool: Bool
    var testDescription: String { stored.map { "\($0)" } ?? "missing key" }
}

private func c(_ stored: PlistValue?, string: String?, integer: Int, double: Double, bool: Bool) -> Coercion {
    Coercion(stored: stored, string: string, integer: integer, double: double, bool: bool)
}

let coercions: [Coercion] = [
    c(.integer(4000), string: "4000", integer: 4000, double: 4000, bool: true),
    c(.string("42"), string: "42", integer: 42, double: 42, bool: true),
    c(.string("YES"), string: "YES", integer: 0, double: 0, bool: true),
    c(.array([.integer(1), .integer(2)]), string: nil, integer: 0, double: 0, bool: false),
    c(.string("3.9"), string: "3.9", integer: 3, double: 3.9, bool: true),
    c(.string(" 12"), string: " 12", integer: 12, double: 12, bool: true),
    c(.string("12abc"), string: "12abc", integer: 12, double: 12, bool: true),
    c(.string("no"), string: "no", integer: 0, double: 0, bool: false),
    c(.string("true"), string: "true", integer: 0, double: 0, bool: true),
    c(.string("1"), string: "1", integer: 1, double: 1, bool: true),
    c(.string("Y"), string: "Y", integer: 0, double: 0, bool: true),
    c(.string("-7x"), string: "-7x", integer: -7, double: -7, bool: true),
    c(.string(".5"), string: ".5", integer: 0, double: 0.5, bool: false),
    c(.string("1e3"), string: "1e3", integer: 1, double: 1000, bool: true),
    c(.string("00"), string: "00", integer: 0, double: 0, bool: false),
    c(.string(""), string: "", integer: 0, double: 0, bool: false),
    c(.bool(true), string: "1", integer: 1, double: 1, bool: true),
    c(.bool(false), string: "0", integer: 0, double: 0, bool: false),
    c(.real(3.5), string: "3.5", integer: 3, double: 3.5, bool: true),
    c(.real(-2.7), string: "-2.7", integer: -2, double: -2.7, bool: true),
    c(.dictionary(["a": .integer(1)]), string: nil, integer: 0, double: 0, bool: false),
    c(.data(Data([1, 2])), string: nil, integer: 0, double: 0, bool: false),
    c(.date(Date(timeIntervalSince1970: 0)), string: nil, integer: 0, double: 0, bool: false),
    c(nil, string: nil, integer: 0, double: 0, bool: false),
]

/// What a store's getters give for `key`.
private func getters(_ store: any KeyValueStore, _ key: String) -> Coercion {
    Coercion(
        stored: store.object(forKey: key).flatMap { PlistValue($0) }, string: store.string(forKey: key),
        integer: store.integer(forKey: key), double: store.double(forKey: key), bool: store.bool(forKey: key))
}

@Suite struct DefaultsTests {
    @Test("Typed getters coerce as UserDefaults does", arguments: coercions)
    func coercion(_ expected: Coercion) throws {
        let suite = "sandbox-tests.\(UUID().uuidString)"
        let store = try #require(UserDefaults(suiteName: suite))
        defer { store.removePersistentDomain(forName: suite) }
        let live = LiveDefaults(store)
        let simulated = SimulatedWorld().launch().defaults
        for target in [live as any KeyValueStore, simulated] {
            if let value = expected.stored { target.set(value.object, forKey: "key") }
        }

        #expect(getters(live, "key") == expected)
        #expect(getters(simulated, "key") == expected)
    }

    @Test func removeAndRegister() {
        let world = SimulatedWorld()
        let defaults = world.launch().defaults
        defaults.register(defaults: ["selectedTab": 9])
        #expect(defaults.integer(forKey: "selectedTab") == 9)
        defaults.set(2, forKey: "selectedTab")
        #expect(defaults.integer(forKey: "selectedTab") == 2)
        defaults.removeObject(forKey: "selectedTab")
        #expect(defaults.integer(forKey: "selectedTab") == 9)
        #expect(defaults.synchronize())
        #expect(world.persistedDefaultsValue(forKey: "selectedTab") == nil)
    }

    /// Sets `ratings`, does `between`, kills the process and relaunches: what the new process reads.
    private func afterKill(_ policy: SimulatedWorld.FlushPolicy, _ between: (SimulatedWorld, any KeyValueStore) -> Void)
        -> String?
    {
        let world = SimulatedWorld()
        world.defaultsFlushPolicy = policy
        let defaults = world.launch().defaults
        defaults.set("4351", forKey: "ratings")
        between(world, defaults)
        world.crash(.kill)
        return world.launch().defaults.string(forKey: "ratings")
    }

    @Test("When values reach the preferences file", arguments: SimulatedWorld.FlushPolicy.allCases)
    func flushPolicy(_ policy: SimulatedWorld.FlushPolicy) {
        let survives: (backgrounded: Bool, synchronized: Bool, exited: Bool) =
            switch policy {
            case .onBackground: (true, true, true)
            case .onExit: (false, true, true)
            case .explicit: (false, true, false)
            case .never: (false, false, false)
            }
        #expect(afterKill(policy) { _, _ in } == nil)
        #expect(afterKill(policy) { world, _ in world.background() } == (survives.backgrounded ? "4351" : nil))
        #expect(afterKill(policy) { _, defaults in defaults.synchronize() } == (survives.synchronized ? "4351" : nil))

        let world = SimulatedWorld()
        world.defaultsFlushPolicy = policy
        world.launch().defaults.set("4351", forKey: "ratings")
        world.exitCleanly()
        #expect(world.launch().defaults.string(forKey: "ratings") == (survives.exited ? "4351" : nil))
    }

    @Test func theFlushWritesABinaryPlistDictionary() throws {
        let world = SimulatedWorld(bundleIdentifier: "com.raywenderlich.HIITFit")
        let defaults = world.launch().defaults
        defaults.set("4351", forKey: "ratings")
        defaults.set(3, forKey: "selectedTab")
        world.background()
        #expect(world.preferencesPath == "Library/Preferences/com.raywenderlich.HIITFit.plist")
        let data = try #require(world.fileData(world.preferencesPath))
        #expect(
            try PlistValue(propertyList: data) == .dictionary(["ratings": .string("4351"), "selectedTab": .integer(3)]))
        #expect(world.operations.contains { $0.kind == .rename && $0.target == world.preferencesPath && $0.platform })
    }

    @Test(
        "An unreadable preferences file reads as empty",
        arguments: [
            Data("garbage, not a plist".utf8),
            try! PlistValue.array([.string("ratings"), .string("4351")]).binaryData(),
            Data(),
        ])
    func unreadablePreferences(_ contents: Data) {
        let world = SimulatedWorld()
        world.putFile(world.preferencesPath, contents)
        let defaults = world.launch().defaults
        #expect(defaults.object(forKey: "ratings") == nil)
        #expect(defaults.string(forKey: "ratings") == nil)
    }

    @Test func aStoredPreferencesFileIsLoaded() throws {
        let world = SimulatedWorld()
        world.putFile(world.preferencesPath, try PlistValue.dictionary(["ratings": .string("4351")]).binaryData())
        #expect(world.launch().defaults.string(forKey: "ratings") == "4351")
        world.putDefaultsValue(.integer(4000), forKey: "ratings")
        #expect(world.launch().defaults.string(forKey: "ratings") == "4000")
    }

    @Test func faultsReachThePreferencesFile() throws {
        let world = SimulatedWorld()
        world.defaultsFlushPolicy = .explicit
        world.putDefaultsValue(.string("1111"), forKey: "ratings")
        world.arm(FaultRule(kind: .write, path: PathPattern("Library/Preferences/**"), fault: .diskFull))
        let defaults = world.launch().defaults
        defaults.set("4351", forKey: "ratings")

        #expect(defaults.synchronize() == false)
        #expect(world.persistedDefaultsValue(forKey: "ratings") == .string("1111"))
        #expect(world.names(in: "Library/Preferences") == ["com.example.app.plist"])
        #expect(world.operations.contains { $0.platform && $0.result.contains("640 (ENOSPC)") })

        #expect(defaults.synchronize() == true)
        #expect(world.persistedDefaultsValue(forKey: "ratings") == .string("4351"))
    }

    @Test func aReadFaultOnThePreferencesFileEmptiesTheStore() throws {
        let world = SimulatedWorld()
        world.putDefaultsValue(.string("4351"), forKey: "ratings")
        world.arm(FaultRule(kind: .read, path: PathPattern("Library/Preferences/*.plist"), fault: .ioError))
        #expect(world.launch().defaults.string(forKey: "ratings") == nil)
        #expect(world.launch().defaults.string(forKey: "ratings") == "4351")
    }
}
