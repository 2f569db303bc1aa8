import Foundation
import Testing

@testable import Harness
@testable import Sandbox

/// Which corrupted reads the oracles lay at the storage's door rather than the app's.
@Suite struct UndetectableCorruptionTests {
    let history = try! PropertyListSerialization.data(
        fromPropertyList: PlistValue.array([
            .array([.string("5D1A1F3E"), .date(Date(timeIntervalSinceReferenceDate: 794_000_000)), .string("Burpee")])
        ]).object, format: .binary, options: 0)

    func hidden(seenAs: Data) -> HiddenFile {
        HiddenFile(path: "Documents/history.plist", data: history, seenAs: [seenAs])
    }

    @Test func aFlippedLetterInANameCannotBeTold() throws {
        let range = try #require(history.range(of: Data("Burpee".utf8)))
        var flipped = history
        flipped[range.lowerBound] ^= 0xFF
        #expect(try PlistValue(propertyList: flipped) != PlistValue(propertyList: history))
        #expect(UndetectableCorruption.hides(hidden(seenAs: flipped)))
    }

    @Test func bytesThatNoLongerParseOrChangeShapeCanBeTold() {
        #expect(!UndetectableCorruption.hides(hidden(seenAs: history.prefix(5))))
        #expect(!UndetectableCorruption.hides(hidden(seenAs: SimulatedWorld.wrongShape(of: history))))
        #expect(!UndetectableCorruption.hides(hidden(seenAs: history)), "the real bytes are no corruption")
    }
}
