import Foundation

/// A value the user sees, typed, so that the judge compares values and not text.
public enum ObservedValue: Sendable, Hashable {
    case text(String)
    case integer(Int)
    case bool(Bool)
    /// A moment: compared as an instant (a change of time zone moves nothing); checks name its day.
    case instant(Date)
    /// An ordered collection: rows, people, days.
    case list([ObservedValue])
    /// A fixed group of fields: a day's date and exercises, a row's text and check mark.
    case record([ObservedValue])

    /// What the judge looks for, one by one, after a fault: each element of a list, and a record
    /// with a list field once per element of it (a day with two exercises is two entries, each
    /// with the day's other fields). A scalar is its own entry.
    public var entries: [ObservedValue] {
        switch self {
        case .list(let values):
            return values.flatMap(\.entries)
        case .record(let fields):
            let lists = fields.filter(\.isList)
            guard !lists.isEmpty else { return [self] }
            let others = fields.filter { !$0.isList }
            return lists.flatMap { list in list.entries.map { .record(others + [$0]) } }
        default:
            return [self]
        }
    }

    /// An identifier as `uuidString` writes it (upper-case hex in groups of 8-4-4-4-12), made without the
    /// formatted printing `uuidString` does, which cost a look at a long history more than the rest of it.
    public static func identifier(_ uuid: UUID) -> ObservedValue {
        let text = withUnsafeBytes(of: uuid.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var index = 0
                for (offset, byte) in bytes.enumerated() {
                    if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                        buffer[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    buffer[index] = hexDigits[Int(byte >> 4)]
                    buffer[index + 1] = hexDigits[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
        return .text(text)
    }

    /// Made once: a long history's look writes a thousand ids.
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Equal to `other` byte for byte: `==` takes texts that Unicode calls equal (a precomposed "é" and an
    /// "e" with its accent), which a message would still show differently.
    func isIdentical(to other: ObservedValue) -> Bool {
        switch (self, other) {
        case (.text(let a), .text(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.list(let a), .list(let b)), (.record(let a), .record(let b)):
            return a.elementsEqual(b) { $0.isIdentical(to: $1) }
        default: return self == other
        }
    }

    private var isList: Bool {
        if case .list = self { return true }
        return false
    }
}
