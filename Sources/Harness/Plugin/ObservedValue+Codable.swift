import Foundation

/// A value is coded as one string in a prefix notation, not as nested containers: a worker's answer carries
/// what the user saw after every step, and JSON's containers for a 1,000-day history cost more CPU than
/// the run. `t5:Squat` text (its UTF-8 byte count, a colon, the bytes), `i-3;` integer, `b1` bool,
/// `d<bit pattern in hex>;` instant (its exact `Double`), `l2:` and `r2:` a list and a record of the values after.
extension ObservedValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        var reader = Reader(bytes: Array(try container.decode(String.self).utf8))
        guard let value = reader.value(depth: 0), reader.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an observed value")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var bytes: [UInt8] = []
        append(to: &bytes)
        var container = encoder.singleValueContainer()
        try container.encode(String(decoding: bytes, as: UTF8.self))
    }

    private func append(to bytes: inout [UInt8]) {
        switch self {
        case .text(let text):
            bytes += "t\(text.utf8.count):".utf8
            bytes += text.utf8
        case .integer(let value): bytes += "i\(value);".utf8
        case .bool(let value): bytes += value ? "b1".utf8 : "b0".utf8
        case .instant(let date): bytes += "d\(String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16));".utf8
        case .list(let values), .record(let values):
            bytes += "\(isRecord ? "r" : "l")\(values.count):".utf8
            for value in values { value.append(to: &bytes) }
        }
    }

    private var isRecord: Bool {
        if case .record = self { return true }
        return false
    }

    /// Reads the notation back; nil at the first byte that does not fit it.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        /// Nesting deeper than any app's values is refused rather than followed down the stack.
        static let depthLimit = 64

        mutating func value(depth: Int) -> ObservedValue? {
            guard depth < Self.depthLimit, let tag = next() else { return nil }
            switch tag {
            case UInt8(ascii: "t"):
                guard let count = number(until: ":"), count >= 0, count <= bytes.count - position else { return nil }
                defer { position += count }
                return .text(String(decoding: bytes[position..<position + count], as: UTF8.self))
            case UInt8(ascii: "i"): return number(until: ";").map { .integer($0) }
            case UInt8(ascii: "b"):
                switch next() {
                case UInt8(ascii: "0"): return .bool(false)
                case UInt8(ascii: "1"): return .bool(true)
                default: return nil
                }
            case UInt8(ascii: "d"):
                guard let bits = word(until: ";").flatMap({ UInt64($0, radix: 16) }) else { return nil }
                return .instant(Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)))
            case UInt8(ascii: "l"), UInt8(ascii: "r"):
                // Each value takes at least two bytes: a count past that is a corrupt line, not an allocation.
                guard let count = number(until: ":"), count >= 0, count <= (bytes.count - position) / 2 else {
                    return nil
                }
                var values: [ObservedValue] = []
                values.reserveCapacity(count)
                for _ in 0..<count {
                    guard let value = value(depth: depth + 1) else { return nil }
                    values.append(value)
                }
                return tag == UInt8(ascii: "l") ? .list(values) : .record(values)
            default: return nil
            }
        }

        private mutating func next() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        /// The text up to `end`, which is consumed too.
        private mutating func word(until end: Unicode.Scalar) -> String? {
            guard let stop = bytes[position...].firstIndex(of: UInt8(ascii: end)) else { return nil }
            defer { position = stop + 1 }
            return String(decoding: bytes[position..<stop], as: UTF8.self)
        }

        private mutating func number(until end: Unicode.Scalar) -> Int? { word(until: end).flatMap { Int($0) } }
    }
}
