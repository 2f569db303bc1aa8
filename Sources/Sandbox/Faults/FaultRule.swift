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

    /// Whether the pattern has no `*`, and so matches only the path it spells.
    public var isLiteral: Bool { !text.contains("*") }

    public func matches(_ path: String) -> Bool {
        // Dynamic programming over (pattern piece, path position): backtracking is exponential in the number of stars.
        enum Piece {
            case byte(UInt8)
            case star(crossesFolders: Bool)
        }
        var pieces: [Piece] = []
        var bytes = text.utf8[...]
        while let b = bytes.popFirst() {
            guard b == UInt8(ascii: "*") else {
                pieces.append(.byte(b))
                continue
            }
            let crossesFolders = bytes.first == UInt8(ascii: "*")
            if crossesFolders { bytes.removeFirst() }
            pieces.append(.star(crossesFolders: crossesFolders))
        }
        let path = Array(path.utf8)
        // `next[j]`: whether the pieces after the current one match `path[j...]`.
        var next = [Bool](repeating: false, count: path.count + 1)
        next[path.count] = true
        for piece in pieces.reversed() {
            var current = [Bool](repeating: false, count: path.count + 1)
            for j in stride(from: path.count, through: 0, by: -1) {
                switch piece {
                case .byte(let b):
                    current[j] = j < path.count && path[j] == b && next[j + 1]
                case .star(let crossesFolders):
                    let canConsume = j < path.count && (crossesFolders || path[j] != UInt8(ascii: "/"))
                    current[j] = next[j] || (canConsume && current[j + 1])
                }
            }
            next = current
        }
        return next[0]
    }
}
