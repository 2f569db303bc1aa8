import Foundation
import NamesToFaces
import Sandbox

/// A keyed archive of people, as the book's NSCoding edition stores it.
func archive(_ people: [(String, String)]) -> Data {
    try! NSKeyedArchiver.archivedData(
        withRootObject: people.map { Person(name: $0.0, image: $0.1) },
        requiringSecureCoding: false)
}

/// JSON of people, as the book's Codable edition stores it.
func json(_ people: [(String, String)]) -> Data {
    try! JSONEncoder().encode(people.map { Person(name: $0.0, image: $0.1) })
}

/// The JPEG-shaped bytes of picture `number`.
func jpeg(_ number: Int) -> Data {
    Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data((0..<32).map { UInt8(truncatingIfNeeded: $0 &* number) })
        + Data([0xFF, 0xD9])
}

extension SimulatedWorld {
    /// The `people` Data in the running process's key-value store.
    var storedPeople: Data? {
        if case .data(let data)? = defaultsValue(forKey: "people") { return data }
        return nil
    }
}

extension FaultRule {
    static func on(
        _ kind: OperationKind, _ path: String, _ fault: Fault,
        _ occurrence: Occurrence = .nth(1)
    ) -> FaultRule {
        FaultRule(kind: kind, path: PathPattern(path), occurrence: occurrence, fault: fault)
    }
}
