import Foundation

/// Checks that a binary property list is one `PropertyListSerialization` can parse
/// without crashing: on Linux, swift-corelibs-foundation crashes (bad pointer) bridging
/// a damaged file's set objects, measured on 1-byte flips of real files. The check
/// walks the bplist00 structure: every reference in range, no cycles, no sets, string
/// keys, bounded nesting, every object inside the file. Text (XML) property lists pass unchecked.
public enum BinaryPlistCheck {
    public static func isSafe(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        guard bytes.starts(with: Array("bplist".utf8)) else { return true }
        guard bytes.starts(with: Array("bplist00".utf8)), bytes.count >= 8 + 1 + 32 else { return false }
        var walker = Walker(bytes: bytes)
        return walker.run() && CopiedSize.isBounded(bytes)
    }

    private struct Walker {
        let bytes: [UInt8]
        var offsets: [Int] = []
        var refSize = 0
        var state: [UInt8] = []  // 0 new, 1 on the path, 2 checked

        init(bytes: [UInt8]) { self.bytes = bytes }

        func integer(at start: Int, size: Int) -> Int? {
            guard size >= 1, size <= 8, start >= 0, start + size <= bytes.count else { return nil }
            var value: UInt64 = 0
            for byte in bytes[start..<start + size] { value = value << 8 | UInt64(byte) }
            return value <= UInt64(Int.max / 2) ? Int(value) : nil
        }

        mutating func run() -> Bool {
            let trailer = bytes.count - 32
            let offsetSize = Int(bytes[trailer + 6])
            refSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(refSize),
                let count = integer(at: trailer + 8, size: 8),
                let top = integer(at: trailer + 16, size: 8),
                let tableStart = integer(at: trailer + 24, size: 8),
                count >= 1, top < count, tableStart >= 9,
                count <= (trailer - tableStart) / offsetSize
            else { return false }
            for index in 0..<count {
                guard let offset = integer(at: tableStart + index * offsetSize, size: offsetSize),
                    offset >= 8, offset < tableStart
                else { return false }
                offsets.append(offset)
            }
            state = [UInt8](repeating: 0, count: count)
            return check(top, end: tableStart, depth: 0)
        }

        /// The count after a marker with low nibble `nibble`, and where the payload starts.
        func length(_ nibble: Int, after start: Int) -> (count: Int, payload: Int)? {
            if nibble < 0xF { return (nibble, start) }
            guard start < bytes.count, bytes[start] >> 4 == 0x1 else { return nil }
            let size = 1 << Int(bytes[start] & 0xF)
            guard let count = integer(at: start + 1, size: size) else { return nil }
            return (count, start + 1 + size)
        }

        mutating func check(_ index: Int, end: Int, depth: Int) -> Bool {
            if state[index] == 2 { return true }
            if depth > 256 { return false }  // nesting that deep is damage, and would exhaust the stack
            if state[index] == 1 { return false }  // a cycle
            state[index] = 1
            defer { state[index] = 2 }
            let start = offsets[index]
            let marker = Int(bytes[start])
            let kind = marker >> 4
            let nibble = marker & 0xF
            func fits(_ payload: Int, _ size: Int) -> Bool { size >= 0 && payload + size <= end }
            switch kind {
            case 0x0:
                return nibble == 0x8 || nibble == 0x9
            case 0x1:
                return nibble <= 4 && fits(start + 1, 1 << nibble)
            case 0x2:
                return (nibble == 2 || nibble == 3) && fits(start + 1, 1 << nibble)
            case 0x3:
                return nibble == 3 && fits(start + 1, 8)
            case 0x4, 0x5, 0x6:
                guard let (count, payload) = length(nibble, after: start + 1), count <= end else { return false }
                return fits(payload, kind == 0x6 ? count * 2 : count)
            case 0x8:
                return fits(start + 1, nibble + 1)
            case 0xA, 0xD:
                guard let (count, payload) = length(nibble, after: start + 1), count <= end,
                    fits(payload, count * refSize * (kind == 0xD ? 2 : 1))
                else { return false }
                for slot in 0..<count * (kind == 0xD ? 2 : 1) {
                    guard let ref = integer(at: payload + slot * refSize, size: refSize), ref < offsets.count else {
                        return false
                    }
                    if kind == 0xD && slot < count {
                        let keyKind = bytes[offsets[ref]] >> 4
                        guard keyKind == 0x5 || keyKind == 0x6 else { return false }
                    }
                    guard check(ref, end: end, depth: depth + 1) else { return false }
                }
                return true
            default:
                return false  // sets (0xC) and markers no writer produces
            }
        }
    }
}

/// The number of objects Foundation makes of a binary plist: it copies shared subtrees out, so 212 bytes can stand
/// for 2^41 objects (it hangs). The walker above refuses sets, cycles and bad references but not this.
/// Anything that is not `bplist` passes.
private struct CopiedSize {
    static let maxDepth = 512
    static let maxObjects = 1 << 18  // 4x a 10,000-day history; Foundation copies that many in about a second

    let bytes: [UInt8]
    var offsetSize = 0, refSize = 0, table = 0
    /// Per object: 0 not seen, -1 on the current path, else its size with shared subtrees copied.
    var sizes: [Int] = []

    static func isBounded(_ bytes: [UInt8]) -> Bool {
        guard bytes.starts(with: "bplist".utf8) else { return true }
        var walk = CopiedSize(bytes: bytes)
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
            table <= trailer, count <= (trailer - table) / offsetSize
        else { return false }
        self.table = table
        sizes = [Int](repeating: 0, count: count)
        return size(of: top, depth: 0) != nil
    }

    /// The object count of object `index` with its shared subtrees copied; nil past the bounds or when unreadable.
    mutating func size(of index: Int, depth: Int) -> Int? {
        if sizes[index] > 0 { return sizes[index] }
        guard sizes[index] == 0, depth < Self.maxDepth,  // a cycle, or nesting this recursion should not follow
            let start = integer(at: table + index * offsetSize, size: offsetSize), start < bytes.count
        else { return nil }
        let kind = bytes[start] >> 4
        guard kind == 0xA || kind == 0xD else {
            sizes[index] = 1
            return 1
        }
        guard let (count, payload) = length(bytes[start] & 0xF, after: start + 1) else { return nil }
        sizes[index] = -1
        var total = 1
        for slot in 0..<(kind == 0xD ? count * 2 : count) {
            guard let ref = integer(at: payload + slot * refSize, size: refSize), ref < sizes.count,
                let child = size(of: ref, depth: depth + 1)
            else { return nil }
            total += child
            if total > Self.maxObjects { return nil }
        }
        sizes[index] = total
        return total
    }

    /// An array's or dictionary's count, from its marker's low nibble or the integer after it,
    /// and where its refs start.
    func length(_ nibble: UInt8, after start: Int) -> (count: Int, payload: Int)? {
        if nibble < 0xF { return (Int(nibble), start) }
        guard start < bytes.count, bytes[start] >> 4 == 0x1,
            let count = integer(at: start + 1, size: 1 << (bytes[start] & 0xF))
        else { return nil }
        return (count, start + 1 + (1 << (bytes[start] & 0xF)))
    }
}
