/// The kinds of numbered operation in a simulated world's log.
public enum OperationKind: String, Sendable, CaseIterable, Codable {
    /// A container-folder lookup (`FileManager.urls(for:in:)`).
    case urls
    /// A whole-file read.
    case read
    /// A write of bytes to one file (the target of a plain write, or an atomic write's temporary file).
    case write
    /// The fsync of an atomic write's temporary file.
    case sync
    /// The rename that ends an atomic write.
    case rename
    case remove
    /// A folder made (`FileManager.createDirectory(at:withIntermediateDirectories:)`).
    case mkdir
    case exists
    case list
    /// A key-value read (`object(forKey:)` and the typed getters).
    case get
    /// A key-value change (`set`, `removeObject`).
    case set
    /// A clock read.
    case now

    /// Operations that change files, and so have a durability fate.
    public var mutatesFiles: Bool {
        self == .write || self == .sync || self == .rename || self == .remove || self == .mkdir
    }
}
