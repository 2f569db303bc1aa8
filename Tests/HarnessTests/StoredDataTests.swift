import Foundation
import HIITFitPlugin
import Sandbox
import Testing

@testable import Harness

/// Whether a store holds data is remembered by its bytes: a file whose bytes changed is read again,
/// even when it keeps its length and its first bytes.
@Suite struct StoredDataTests {
    /// An XML property list of `length` bytes: an empty array, or one holding a string.
    private static func plist(holding: Bool, length: Int) -> Data {
        let head = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array>"#
        let body = holding ? "<string>Milk</string>" : ""
        let tail = "</array></plist>"
        let padding = String(repeating: " ", count: length - head.utf8.count - body.utf8.count - tail.utf8.count)
        return Data((head + padding + body + tail).utf8)
    }

    @Test func aStoreWhoseBytesChangedIsReadAgain() {
        let empty = Self.plist(holding: false, length: 300)
        let holding = Self.plist(holding: true, length: 300)
        #expect(empty.count == holding.count && empty.prefix(200) == holding.prefix(200))
        for _ in 0..<3 {
            #expect(!StoredData.holdsData(empty), "an empty list holds no data")
            #expect(StoredData.holdsData(holding), "a list with an entry holds data")
        }
        #expect(!StoredData.holdsData(Data("[]".utf8)) && StoredData.holdsData(Data("[1]".utf8)))
        // A port that keeps its data as a JSON string under a key: the text holds what the JSON holds.
        #expect(!StoredData.holdsData(PlistValue.string("[]")) && !StoredData.holdsData(PlistValue.string("{}")))
        #expect(StoredData.holdsData(PlistValue.string("[1]")) && StoredData.holdsData(PlistValue.string("0400")))
    }
}

/// What a launch is held to from the key-value store follows the preferences file as it is now, however
/// often the same bytes were seen before.
@Suite struct StoredDefaultsTests {
    private static func ratings(_ world: SimulatedWorld) -> [StoredData.Content] {
        Recorder.storesHoldingData(.hiitfit, world: world, container: world)
            .filter { $0.store.name == "ratings" }.map(\.content)
    }

    @Test func aPreferencesFileThatChangedIsReadAgain() {
        let world = SimulatedWorld(seed: 0, bundleIdentifier: AppPlugin.hiitfit.bundleIdentifier)
        #expect(Self.ratings(world).isEmpty, "no preferences file: nothing held")
        for _ in 0..<2 {
            world.putDefaultsValue(.string("4000"), forKey: "ratings")
            #expect(Self.ratings(world) == [.value(.string("4000"))])
            world.putDefaultsValue(.string("5000"), forKey: "ratings")
            #expect(Self.ratings(world) == [.value(.string("5000"))])
            world.putDefaultsValue(.string("0000"), forKey: "ratings")
            #expect(Self.ratings(world).isEmpty, "ratings HIITFit calls empty hold nothing")
        }
    }
}
