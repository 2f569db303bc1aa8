import Foundation
import Sandbox

/// A corrupted read that no app can tell from a good one: the bytes it was given still parse, with the
/// same structure (containers, counts, keys and value types), and only a value inside differs. What the
/// app does with such data is the storage's failure: `platformLoss` (docs/oracles.md).
enum UndetectableCorruption {
    static func hides(_ file: HiddenFile) -> Bool {
        // Parsed only when some read was given other bytes: a long history takes as long to parse as the app does.
        let altered = file.seenAs.filter { $0 != file.data }
        guard !altered.isEmpty, let real = skeleton(of: file.data) else { return false }
        return altered.contains { skeleton(of: $0) == real }
    }

    /// The structure of a property list or JSON document, its leaf values left out; nil when it parses as neither.
    private static func skeleton(of data: Data) -> String? {
        if let value = try? PlistValue(propertyList: data) { return skeleton(value) }
        if let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            let value = PlistValue(object)
        {
            return skeleton(value)
        }
        return nil
    }

    private static func skeleton(_ value: PlistValue) -> String {
        switch value {
        case .array(let items): return "[" + items.map(skeleton).joined(separator: ",") + "]"
        case .dictionary(let entries):
            return "{"
                + entries.keys.sorted().map { "\($0.debugDescription):" + skeleton(entries[$0]!) }
                .joined(separator: ",") + "}"
        case .string: return "s"
        case .integer: return "i"
        case .real: return "r"
        case .bool: return "b"
        case .date: return "d"
        case .data: return "x"
        }
    }
}
