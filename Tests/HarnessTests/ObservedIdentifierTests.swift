import Foundation
import Testing

@testable import Harness

/// An id the user sees is compared and shown as `uuidString` writes it: the fast form must be that text.
@Suite struct ObservedIdentifierTests {
    @Test func anIdentifierReadsAsItsUUIDString() {
        var ids = (0..<500).map { _ in UUID() }
        ids += [
            UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
            UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)),
            UUID(uuidString: "5D1A1F3E-8C1B-4E8A-9F00-0000000009AF")!,
        ]
        for id in ids {
            #expect(ObservedValue.identifier(id) == .text(id.uuidString))
        }
    }
}
