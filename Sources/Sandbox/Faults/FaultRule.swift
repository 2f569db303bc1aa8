/// One armed fault: which operations it selects and what it does to them.
public struct FaultRule: Sendable, Hashable, Codable {
    /// Which occurrences of the matching operations the fault fires on.
    public enum Occurrence: Sendable, Hashable, Codable {
        /// Only the nth matching operation (1-based): a transient fault.
        case nth(Int)
        /// Every matching operation: a persistent fault.
        case every
        /// The nth matching operation and every one after it: a fault that starts and stays.
        case from(Int)
    }

    public var kind: OperationKind
    public var path: PathPattern
    public var occurrence: Occurrence
    public var fault: Fault

    public init(kind: OperationKind, path: PathPattern, occurrence: Occurrence = .nth(1), fault: Fault) {
        self.kind = kind
        self.path = path
        self.occurrence = occurrence
        self.fault = fault
    }
}

/// A container-relative path pattern: `*` matches within one path component,
/// `**` matches across components. A key-value key is matched as `defaults:<key>`.
public struct PathPattern: Sendable, Hashable, Codable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }

    public var description: String { text }

    public func matches(_ path: String) -> Bool {
        Self.match(Array(text.utf8)[...], Array(path.utf8)[...])
    }

    private static func match(_ pattern: ArraySlice<UInt8>, _ path: ArraySlice<UInt8>) -> Bool {
        guard let p = pattern.first else { return path.isEmpty }
        if p == UInt8(ascii: "*") {
            let rest = pattern.dropFirst()
            let crossesFolders = rest.first == UInt8(ascii: "*")
            let tail = crossesFolders ? rest.dropFirst() : rest
            var candidate = path
            while true {
                if match(tail, candidate) { return true }
                guard let c = candidate.first else { return false }
                if !crossesFolders && c == UInt8(ascii: "/") { return false }
                candidate = candidate.dropFirst()
            }
        }
        guard let c = path.first, c == p else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }
}
