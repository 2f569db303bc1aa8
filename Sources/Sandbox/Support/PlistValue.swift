import Foundation

/// A property-list value: what `UserDefaults` and `PropertyListSerialization` hold.
public indirect enum PlistValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    /// Converts a Foundation property-list object; nil for anything that is not one.
    public init?(_ object: Any) {
        switch object {
        case let value as PlistValue: self = value
        case let s as String: self = .string(s)
        case let d as Data: self = .data(d)
        case let d as Date: self = .date(d)
        case let array as [Any]:
            var items: [PlistValue] = []
            for element in array {
                guard let item = PlistValue(element) else { return nil }
                items.append(item)
            }
            self = .array(items)
        case let dictionary as [String: Any]:
            var items: [String: PlistValue] = [:]
            for (key, element) in dictionary {
                guard let item = PlistValue(element) else { return nil }
                items[key] = item
            }
            self = .dictionary(items)
        default:
            guard let number = Self.number(object) else { return nil }
            self = number
        }
    }

    private static func number(_ object: Any) -> PlistValue? {
        if type(of: object) == Bool.self, let b = object as? Bool { return .bool(b) }
        if let i = object as? Int, type(of: object) == Int.self { return .integer(i) }
        if let d = object as? Double, type(of: object) == Double.self { return .real(d) }
        guard let n = object as? NSNumber else { return nil }
        switch String(cString: n.objCType) {
        case "c", "B": return .bool(n.boolValue)
        case "f", "d": return .real(n.doubleValue)
        default: return .integer(n.intValue)
        }
    }

    /// The Foundation object `UserDefaults.object(forKey:)` would return.
    public var object: Any {
        switch self {
        case .string(let s): return s
        case .integer(let i): return i
        case .real(let d): return d
        case .bool(let b): return b
        case .date(let d): return d
        case .data(let d): return d
        case .array(let items): return items.map(\.object)
        case .dictionary(let items): return items.mapValues(\.object)
        }
    }

    /// The binary property-list encoding.
    public func binaryData() throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
    }

    /// Parses a property list in any format (binary, XML, OpenStep).
    public init(propertyList data: Data) throws {
        // A damaged binary plist can crash Foundation's parser on Linux instead of throwing.
        guard BinaryPlistCheck.isSafe(data) else { throw CocoaError(.propertyListReadCorrupt) }
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        guard let value = PlistValue(object) else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        self = value
    }

    /// The shape of the value, e.g. `array of 2`, `dictionary of 3`, `string`.
    public var shape: String {
        switch self {
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .bool: return "bool"
        case .date: return "date"
        case .data: return "data"
        case .array(let items): return "array of \(items.count)"
        case .dictionary(let items): return "dictionary of \(items.count)"
        }
    }
}

/// Whether a binary property list can be handed to Foundation: on Linux, swift-corelibs-foundation crashes bridging
/// a set (marker 0xC) and copies shared subtrees without bound (a few bytes can stand for 2^40 objects). So every
/// object reachable from the top is visited once, sets, cycles and deep nesting are refused and the copied size is
/// bounded. Anything that is not `bplist` passes; Foundation judges the rest of the format.
private struct BinaryPlistWalk {
    static let maxDepth = 512
    static let maxObjects = 1 << 18  // 4x a 10,000-day history; Foundation copies that many in about a second

    let bytes: [UInt8]
    var offsetSize = 0, refSize = 0, table = 0
    /// Per object: 0 not seen, -1 on the current path, else its size with shared subtrees copied.
    var sizes: [Int] = []

    static func isSafe(_ data: Data) -> Bool {
        guard data.starts(with: "bplist".utf8) else { return true }
        var walk = BinaryPlistWalk(bytes: [UInt8](data))
        return walk.run()
    }

    /// The big-endian unsigned integer of `size` bytes at `start`, if it is inside the data and fits in 31 bits.
    func integer(at start: Int, size: Int) -> Int? {
        guard (1...8).contains(size), start >= 0, start <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[start..<(start + size)] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int32.max) ? Int(value) : nil
    }

    mutating func run() -> Bool {
        guard bytes.count >= 8 + 32 else { return false }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        refSize = Int(bytes[trailer + 7])
        guard let count = integer(at: trailer + 8, size: 8), let top = integer(at: trailer + 16, size: 8),
              let table = integer(at: trailer + 24, size: 8), top < count, (1...8).contains(offsetSize),
              table <= trailer, count <= (trailer - table) / offsetSize else { return false }
        self.table = table
        sizes = [Int](repeating: 0, count: count)
        return size(of: top, depth: 0) != nil
    }

    /// The object count of object `index` with its shared subtrees copied; nil when it is refused.
    mutating func size(of index: Int, depth: Int) -> Int? {
        if sizes[index] > 0 { return sizes[index] }
        guard sizes[index] == 0, depth < Self.maxDepth,  // a cycle, or nesting that would exhaust a thread's stack
              let start = integer(at: table + index * offsetSize, size: offsetSize), start < bytes.count else { return nil }
        let kind = bytes[start] >> 4
        if kind == 0xC { return nil }
        guard kind == 0xA || kind == 0xD else { sizes[index] = 1; return 1 }
        guard let (count, payload) = length(bytes[start] & 0xF, after: start + 1) else { return nil }
        sizes[index] = -1
        var total = 1
        for slot in 0..<(kind == 0xD ? count * 2 : count) {
            guard let ref = integer(at: payload + slot * refSize, size: refSize), ref < sizes.count,
                  let child = size(of: ref, depth: depth + 1) else { return nil }
            total += child
            if total > Self.maxObjects { return nil }
        }
        sizes[index] = total
        return total
    }

    /// An array's or dictionary's count, from its marker's low nibble or the integer after it, and where its refs start.
    func length(_ nibble: UInt8, after start: Int) -> (count: Int, payload: Int)? {
        if nibble < 0xF { return (Int(nibble), start) }
        guard start < bytes.count, bytes[start] >> 4 == 0x1, let count = integer(at: start + 1, size: 1 << (bytes[start] & 0xF))
        else { return nil }
        return (count, start + 1 + (1 << (bytes[start] & 0xF)))
    }
}
