import Foundation
import Sandbox

/// `expect plist`: reads the property list, follows the key path, and says what it found on the way.
extension ExpectationCheck {
    func plistOutcome(_ source: PlistSource, _ path: PlistKeyPath, _ check: PlistCheck) -> Outcome {
        let expected: String
        switch check {
        case .equals(let value): expected = "\(source): \(path) = \(PlistText.describe(value))"
        case .count(let count): expected = "\(source): \(path) holds \(count)"
        case .absent: expected = "\(source): nothing at \(path)"
        }
        let root: PlistValue
        switch readPlist(source) {
        // No property list: nothing to check, so a negated check fails too.
        case .failure(let problem):
            return Outcome(holds: false, expected: expected, found: problem.found, evaluated: false)
        case .success(let value): root = value
        }
        switch path.lookup(in: root) {
        case .failure(let problem):
            // Only `absent` is about the path itself; a value or count with no value there checks nothing.
            return Outcome(
                holds: check == .absent, expected: expected, found: "\(source): \(problem.found)",
                evaluated: check == .absent)
        case .success(let value):
            // A whole array or dictionary, or long data, says enough by its shape or first bytes.
            let shown: String
            switch value {
            case .array, .dictionary: shown = value.shape
            case .data(let bytes) where bytes.count > 16:
                shown = PlistText.describe(.data(bytes.prefix(16))) + "... (\(bytes.count) bytes)"
            default: shown = PlistText.describe(value)
            }
            let found = "\(source): \(path) = \(shown)"
            switch check {
            case .equals(let wanted): return Outcome(holds: value == wanted, expected: expected, found: found)
            case .count(let count): return Outcome(holds: value.count == count, expected: expected, found: found)
            case .absent: return Outcome(holds: false, expected: expected, found: found)
            }
        }
    }

    private func readPlist(_ source: PlistSource) -> Result<PlistValue, PlistProblem> {
        switch source {
        case .persisted(let key):
            guard let value = session.world.persistedDefaultsValue(forKey: key) else {
                return .failure(PlistProblem("\(source) absent"))
            }
            return .success(value)
        case .file(let path):
            let container = session.container
            guard let data = container.fileData(path) else {
                return .failure(PlistProblem(container.isDirectory(path) ? "\(path) is a folder" : "\(path) is absent"))
            }
            guard let value = try? PlistValue(propertyList: data) else {
                return .failure(PlistProblem("\(path): \(data.count) bytes, not a property list"))
            }
            return .success(value)
        }
    }
}

/// Why `expect plist` found no value, as its failure says it.
struct PlistProblem: Error {
    var found: String
    init(_ found: String) { self.found = found }
}

extension PlistKeyPath {
    /// The value at this path in `root`, or where the path stopped leading anywhere.
    func lookup(in root: PlistValue) -> Result<PlistValue, PlistProblem> {
        var value = root
        for (index, key) in components.enumerated() {
            let at = "at \(Self.written(components[..<index]))"
            switch value {
            case .array(let items):
                guard let position = Int(key), position >= 0, String(position) == key else {
                    return .failure(PlistProblem("\(at): an array of \(items.count), and '\(key)' is not an index"))
                }
                guard position < items.count else {
                    return .failure(PlistProblem("\(at): an array of \(items.count), no index \(position)"))
                }
                value = items[position]
            case .dictionary(let items):
                guard let item = items[key] else {
                    let keys = items.keys.sorted()
                    let shown = keys.prefix(5).joined(separator: ", ") + (keys.count > 5 ? ", ..." : "")
                    return .failure(
                        PlistProblem("\(at): a dictionary without '\(key)' (keys: \(keys.isEmpty ? "none" : shown))"))
                }
                value = item
            default:
                return .failure(PlistProblem("\(at): \(PlistText.describe(value)), not an array or dictionary"))
            }
        }
        return .success(value)
    }
}

extension PlistValue {
    /// How many items an array or dictionary holds; nil for any other value.
    fileprivate var count: Int? {
        switch self {
        case .array(let items): return items.count
        case .dictionary(let items): return items.count
        default: return nil
        }
    }
}
