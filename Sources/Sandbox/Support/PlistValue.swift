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
        // A damaged binary plist can crash Foundation's parser on Linux instead of throwing, or expand without bound.
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
