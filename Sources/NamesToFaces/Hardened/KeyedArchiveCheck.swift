import Foundation

#if !canImport(Darwin)
    /// Checks that a keyed archive is one swift-corelibs-foundation can decode without
    /// trapping: its `NSKeyedUnarchiver` force-unwraps a class reference that does not lead
    /// to a class dictionary and recurses forever on reference cycles (measured: 3 of 454
    /// single-byte flips of a `[Person]` archive trap even with `.setErrorAndReturn`).
    /// Call it on data that passed `BinaryPlistCheck`, which makes parsing it safe.
    enum KeyedArchiveCheck {
        static func isSafe(_ data: Data, classNames: Set<String>) -> Bool {
            guard let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
                let archive = plist as? [String: Any],
                archive["$archiver"] as? String == "NSKeyedArchiver",
                let top = archive["$top"] as? [String: Any],
                let objects = archive["$objects"] as? [Any]
            else { return false }
            // Every reference, anywhere, must point into $objects.
            var edges: [[Int]] = []
            for object in objects {
                guard let refs = references(in: object, count: objects.count) else { return false }
                edges.append(refs)
            }
            guard let roots = references(in: top, count: objects.count) else { return false }
            // Every object dictionary names one of the expected classes; class dictionaries hold no references.
            for (index, object) in objects.enumerated() {
                guard let dictionary = object as? [String: Any] else { continue }
                if let classReference = dictionary["$class"] {
                    guard let classIndex = uid(classReference),
                        let classDictionary = objects[classIndex] as? [String: Any],
                        classDictionary["$class"] == nil,
                        let className = classDictionary["$classname"] as? String,
                        classNames.contains(className)
                    else { return false }
                } else if dictionary["$classname"] == nil || !edges[index].isEmpty {
                    return false
                }
            }
            return isAcyclic(edges, from: roots)
        }

        /// The `$objects` indexes `value` refers to, or nil when one is out of range.
        private static func references(in value: Any, count: Int) -> [Int]? {
            if let index = uid(value) { return index < count ? [index] : nil }
            var found: [Int] = []
            if let array = value as? [Any] {
                for element in array {
                    guard let inner = references(in: element, count: count) else { return nil }
                    found += inner
                }
            } else if let dictionary = value as? [String: Any] {
                for key in dictionary.keys.sorted() {
                    guard let inner = references(in: dictionary[key]!, count: count) else { return nil }
                    found += inner
                }
            }
            return found
        }

        /// The index a keyed-archive UID holds (a `_NSKeyedArchiverUID` with a `value` field), or nil.
        private static func uid(_ value: Any) -> Int? {
            guard String(describing: type(of: value)) == "_NSKeyedArchiverUID" else { return nil }
            for child in Mirror(reflecting: value).children where child.label == "value" {
                if let raw = child.value as? UInt32 { return Int(raw) }
            }
            return nil
        }

        /// Whether following references from `roots` never comes back to an object on the path.
        private static func isAcyclic(_ edges: [[Int]], from roots: [Int]) -> Bool {
            var state = [UInt8](repeating: 0, count: edges.count)  // 0 new, 1 on the path, 2 done
            var stack: [(node: Int, next: Int)] = []
            for root in roots where state[root] == 0 {
                state[root] = 1
                stack.append((root, 0))
                while let top = stack.last {
                    if top.next < edges[top.node].count {
                        stack[stack.count - 1].next += 1
                        let child = edges[top.node][top.next]
                        if state[child] == 1 { return false }
                        if state[child] == 0 {
                            state[child] = 1
                            stack.append((child, 0))
                        }
                    } else {
                        state[top.node] = 2
                        stack.removeLast()
                    }
                }
            }
            return true
        }
    }
#endif
