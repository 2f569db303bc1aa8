import Foundation
import Sandbox
import Testing

/// The key-value store remembers encodings and decodings of its file (see `BoundedCache`): what it writes
/// and what a launch reads must still follow every change.
@Suite struct PreferencesCachingTests {
    /// What the preferences file holds now, decoded here rather than through the store.
    private func fileValues(_ world: SimulatedWorld) throws -> PlistValue {
        try PlistValue(propertyList: try #require(world.fileData(world.preferencesPath)))
    }

    @Test("A change after a flush is flushed too, also back to values flushed before")
    func changesAfterAFlushAreFlushed() throws {
        let world = SimulatedWorld()
        world.defaultsFlushPolicy = .explicit
        let defaults = world.launch().defaults
        let flushed: [(String, PlistValue)] = [
            ("4351", .string("4351")), ("4352", .string("4352")), ("4351", .string("4351")),
        ]
        for (value, stored) in flushed {
            defaults.set(value, forKey: "ratings")
            #expect(defaults.synchronize())
            #expect(try fileValues(world) == .dictionary(["ratings": stored]))
        }
        defaults.set(3, forKey: "selectedTab")
        #expect(defaults.synchronize())
        #expect(try fileValues(world) == .dictionary(["ratings": .string("4351"), "selectedTab": .integer(3)]))
        defaults.removeObject(forKey: "ratings")
        #expect(defaults.synchronize())
        #expect(try fileValues(world) == .dictionary(["selectedTab": .integer(3)]))
        let renames = world.operations.filter { $0.kind == .rename && $0.target == world.preferencesPath }
        #expect(renames.count == 5, "every flush after a change writes the file")
    }

    @Test("A launch reads the preferences file's bytes as they are now, not as a launch before read them")
    func aChangedFileIsDecodedAnew() throws {
        let world = SimulatedWorld()
        // Of equal length and alike up to the value's last byte, so only the whole bytes tell them apart.
        let first = try PlistValue.dictionary(["ratings": .string("4351")]).binaryData()
        let second = try PlistValue.dictionary(["ratings": .string("4352")]).binaryData()
        #expect(first.count == second.count && first != second)
        var corrupt = second
        corrupt[corrupt.startIndex] ^= 0xFF
        let expected: [(Data, String?)] = [(first, "4351"), (second, "4352"), (first, "4351"), (corrupt, nil)]
        for (contents, ratings) in expected {
            world.putFile(world.preferencesPath, contents)
            #expect(world.launch().defaults.string(forKey: "ratings") == ratings)
            #expect(world.persistedDefaultsValue(forKey: "ratings") == ratings.map(PlistValue.string))
        }
    }

    @Test("An XML preferences file with the same values reads the same, and is not rewritten as binary")
    func anXMLFileWithTheSameValues() throws {
        let world = SimulatedWorld()
        let binary = try PlistValue.dictionary(["ratings": .string("4351")]).binaryData()
        let xml = try PropertyListSerialization.data(
            fromPropertyList: ["ratings": "4351"], format: .xml, options: 0)
        world.putFile(world.preferencesPath, binary)
        #expect(world.launch().defaults.string(forKey: "ratings") == "4351")
        world.putFile(world.preferencesPath, xml)
        #expect(world.launch().defaults.string(forKey: "ratings") == "4351")
        world.exitCleanly()
        #expect(world.fileData(world.preferencesPath) == xml, "nothing changed, so nothing was flushed")
    }
}
