import Foundation
import Testing

@testable import Harness

/// What the user saw crosses from a worker to the harness as JSON: it must come back the same value (the
/// oracles compare it), and a garbled one must be refused, not read as other data.
@Suite struct ObservedValueCodingTests {
    static let day = ObservedValue.record([
        .instant(Date(timeIntervalSinceReferenceDate: 793_526_400.123_456_7)),
        .list([.text("Squat"), .text("Sun Salute: 3; l2: t5:x \"quoted\" \\ é 🏋️\n"), .text("")]),
    ])

    static let values: [ObservedValue] = [
        .text(""), .text("t3:abc"), .integer(0), .integer(-42), .integer(.max), .integer(.min), .bool(true),
        .bool(false), .instant(Date(timeIntervalSinceReferenceDate: -1.5)), .instant(.distantFuture),
        .list([]), .record([]), day, .list([day, day, .list([.list([.bool(false)])]), .record([.integer(7)])]),
    ]

    @Test func everyValueComesBackAsItWas() throws {
        let data = try JSONEncoder().encode(Self.values)
        #expect(try JSONDecoder().decode([ObservedValue].self, from: data) == Self.values)
        // Inside what a worker sends: a run's observations.
        var seen = VisibleData()
        seen.values = ["history": Self.day, "ratings": .list([.integer(3), .integer(5)])]
        let read = try JSONDecoder().decode(VisibleData.self, from: JSONEncoder().encode(seen))
        #expect(read.values == seen.values)
    }

    @Test func aGarbledValueIsRefused() throws {
        let garbled = [
            "", "x", "t", "t3:ab", "t-1:", "i;", "i12", "b2", "b", "d;", "dzz;", "l1:", "l2:b1", "r1:b1b1",
            "l99999999999:", "t6:Squat", "b1 ", String(repeating: "l1:", count: 100) + "b1",
        ]
        for text in garbled {
            let data = try JSONEncoder().encode([text])
            #expect(throws: DecodingError.self, "\(text)") {
                try JSONDecoder().decode([ObservedValue].self, from: data)
            }
        }
    }
}
