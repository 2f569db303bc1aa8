/// What goes wrong when a fault fires on an operation (its words and the operations it applies to: `FaultWord`).
public enum Fault: Sendable, Hashable, Codable {
    /// The file is not there: reads and listings throw ENOENT, `exists` says false.
    case missing
    /// The container-folder lookup returns no URL.
    case noURL
    /// Only the first `bytes` bytes land; then the write fails with EIO, or the process dies.
    case partialWrite(bytes: Int, then: PartialWriteEnd)
    /// The read returns a valid property list of another shape (a dictionary where
    /// an array is expected; for a key, an integer).
    case wrongType
    /// ENOSPC: the disk is full.
    case diskFull
    /// EACCES: permission denied.
    case permissionDenied
    /// EIO: an I/O error.
    case ioError
    /// The read returns the file's bytes with one byte flipped (chosen from the seed).
    case corruptRead
    /// The process dies before the operation runs.
    case crashBefore(CrashKind)
    /// The process dies right after the operation succeeds.
    case crashAfter(CrashKind)
    /// On a key-value `set`: the platform writes the store's changes to the preferences file, as iOS may at any
    /// moment (a set reaches the system's preferences process at once), then the process dies: the store is ahead
    /// of whatever the app meant to write next.
    case crashAfterFlush(CrashKind)

    /// How a partial write ends.
    public enum PartialWriteEnd: Sendable, Hashable, Codable {
        /// The write fails with EIO, leaving the bytes that landed.
        case error
        /// The process dies with the bytes that landed.
        case crash(CrashKind)
    }

    /// Whether the fault keeps a file's real contents from the app that reads it.
    public var hidesContents: Bool {
        switch self {
        case .missing, .permissionDenied, .ioError, .wrongType, .corruptRead: return true
        default: return false
        }
    }

    /// Whether firing ends the process inside the call it fires on.
    public var killsTheProcess: Bool {
        switch self {
        case .crashBefore, .crashAfter, .crashAfterFlush, .partialWrite(_, then: .crash): return true
        default: return false
        }
    }

    /// The crash that follows the operation once it succeeded, and whether the platform writes the key-value store
    /// first; nil for a fault that is no such crash.
    var crashAfterward: (kind: CrashKind, flushingFirst: Bool)? {
        switch self {
        case .crashAfter(let kind): return (kind, false)
        case .crashAfterFlush(let kind): return (kind, true)
        default: return nil
        }
    }
}

/// How a process dies.
public enum CrashKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The app is killed: its memory is gone, but the OS keeps every write it made.
    case kill
    /// The phone loses power: writes not yet synced get a fate from the seed.
    case powerLoss = "power-loss"
}
